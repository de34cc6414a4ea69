// A real HTTP server on 127.0.0.1 for what msw cannot fake: sockets that stall or break,
// proxies, load. Every request it sees is recorded, so a test can prove nothing was sent.
import { createServer } from "node:http";

export async function startServer(handler) {
	const requests = [];
	const server = createServer((request, response) => {
		requests.push({ method: request.method, url: request.url, headers: request.headers });
		handler(request, response);
	});
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
	const baseUrl = `http://127.0.0.1:${server.address().port}`;
	const close = () =>
		new Promise((resolve) => {
			server.closeAllConnections();
			server.close(resolve);
		});
	return { server, baseUrl, requests, close };
}

/** Reads a request's body as text. */
export async function readBody(request) {
	let text = "";
	for await (const chunk of request) text += chunk;
	return text;
}

/** Answers with JSON. */
export function sendJson(response, status, body, headers = {}) {
	response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
	response.end(typeof body === "string" ? body : JSON.stringify(body));
}
