// routes.json is imported as data and left out of the compilation, so that tsc neither
// type-checks 100 KB of JSON nor copies it into dist/ (the package ships the root copy).
declare module "*/routes.json" {
	const table: unknown;
	export default table;
}
