// A server in a child process that records when each request arrives: a test that blocks its own
// event loop on purpose (busy loops) cannot time arrivals with a server in the same process.
import { spawn } from "node:child_process";

const SERVER = `
const { createServer } = require("node:http");
const arrivals = [];
const server = createServer((request, response) => {
	if (request.url === "/__arrivals") {
		response.writeHead(200, { "content-type": "application/json" });
		return response.end(JSON.stringify(arrivals));
	}
	arrivals.push({ method: request.method, url: request.url, at: Date.now() });
	request.resume();
	request.on("end", () => {
		response.writeHead(request.method === "GET" ? 200 : 201, { "content-type": "application/json" });
		response.end("{}");
	});
});
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
`;

/** Starts the server; `arrivals()` lists what arrived (method, url, at in epoch ms), `close()` stops it. */
export async function startArrivalServer() {
	const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
	const port = await new Promise((resolve, reject) => {
		child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
		child.once("exit", (code) => reject(new Error(`the arrival server exited with ${code}`)));
	});
	const baseUrl = `http://127.0.0.1:${port}`;
	return {
		baseUrl,
		arrivals: async () => (await fetch(`${baseUrl}/__arrivals`)).json(),
		close: () => new Promise((resolve) => (child.once("exit", resolve), child.kill())),
	};
}
