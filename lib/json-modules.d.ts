// routes.json is imported as data and left out of the type-check (100 KB of JSON): the build
// (scripts/build.mjs) encodes it with lib/routes/codec.ts into one unread string per namespace.
declare module "*/routes.json" {
	const table: unknown;
	export default table;
}
