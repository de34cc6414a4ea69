// The route codec, lib/routes/codec.ts, for the generator and the build: compiled on the fly with
// esbuild, so that they encode and decode routes.json with the very code the client runs, whatever
// state dist/ is in.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

/** lib/routes/codec.ts as a module: `encodeRoutes`, `readShippedRoutes`, `decodeRoutes`, `SHIPPED_FORMAT`. */
export async function loadCodec() {
	const { outputFiles } = await build({
		entryPoints: [fileURLToPath(new URL("../lib/routes/codec.ts", import.meta.url))],
		bundle: true,
		format: "esm",
		platform: "neutral",
		write: false,
		logLevel: "warning",
	});
	return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString("base64")}`);
}
