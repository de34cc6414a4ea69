// What each entry of the package exports at run time is what its types declare: no internal name
// (the kernel's shared helpers, which dist/kernel.js exports to the package's own files) is part
// of the API, and no declared value is missing. The types are read by TypeScript itself.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { cachingHost } from "./helpers/compile-types.js";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const ENTRIES = {
	"@hublet/rest": "types/index.d.ts",
	"@hublet/rest/core": "types/core.d.ts",
	"@hublet/rest/testing": "types/testing.d.ts",
	"@hublet/rest/servers/ghes-3.17": "types/generated/servers/ghes-3.17.d.ts",
};

const options = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, skipLibCheck: true };
// The declaration files' parse is shared with the other TypeScript suites of the same process.
const program = ts.createProgram(Object.values(ENTRIES), options, cachingHost(options));
const checker = program.getTypeChecker();

/** The names a declaration file exports as values (a class, a function, a const), types left out. */
function declaredValues(file) {
	const module = checker.getSymbolAtLocation(program.getSourceFile(file));
	return checker
		.getExportsOfModule(module)
		.filter((symbol) => {
			const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
			return (target.flags & ts.SymbolFlags.Value) !== 0;
		})
		.map((symbol) => symbol.getName())
		.sort();
}

const entries = suite("the package's entries");

for (const [specifier, types] of Object.entries(ENTRIES)) {
	entries(`Object.keys of ${specifier} is what ${types} declares`, async () => {
		const runtime = Object.keys(await import(specifier)).sort();
		assert.equal(runtime, declaredValues(types));
		assert.not.ok(runtime.some((name) => name.startsWith("_")), "no internal alias");
	});
}

entries("every entry of package.json's exports is checked here", () => {
	const listed = Object.keys(manifest.exports).filter((key) => key !== "./package.json").map((key) => key.replace(/^\./, "@hublet/rest").replace("*", "ghes-3.17"));
	assert.equal(listed.sort(), Object.keys(ENTRIES).sort());
});

entries("the kernel's file, which exports the shared helpers, is no entry: importing it by the package's name is refused", async () => {
	const error = await import("@hublet/rest/dist/kernel.js").then(() => undefined, (caught) => caught);
	assert.is(error?.code, "ERR_PACKAGE_PATH_NOT_EXPORTED");
});

entries.run();
