// routes.json is imported as data and left out of the type-check (100 KB of JSON): the build
// (scripts/build.mjs) turns it into one unread string per namespace, which lib/routes/compact-routes.ts reads.
declare module "*/routes.json" {
	const table: unknown;
	export default table;
}
