// import() of a file of this package's dist/ by its URL (common/own-location.ts, importOwnFile):
// a server's route table in auto mode, or a file loaded again, under a URL of its own, after a
// first import() of it failed (common/later.ts). The build copies this file to
// dist/import-file.cjs. A file of its own, required by its path, so that no bundle holds an
// import() of a computed specifier: workerd's tools refuse a bundle that has one, even where it
// never runs. CommonJS, so that every Node 20 can require it (require() of an ES module needs 20.19).
module.exports = (specifier) => import(specifier);
