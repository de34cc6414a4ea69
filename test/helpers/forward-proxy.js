// A forward proxy on 127.0.0.1, as curl and `gh` use one: it answers CONNECT by opening a tunnel,
// and forwards a request in absolute form (`GET http://host:port/path`). Every host it is asked
// for is reached on 127.0.0.1, so a name that does not resolve (`api.test`) works only through
// it. `seen` records each request line; with `credentials`, a request without that
// `proxy-authorization` is answered 407, both to a CONNECT and to a plain-http request in absolute
// form; with `refuse`, every request is answered that status.
import { createServer, request as httpRequest } from "node:http";
import { connect } from "node:net";

export async function startForwardProxy({ credentials, refuse } = {}) {
	const seen = [];
	const authorizations = [];
	const expected = credentials ? `Basic ${Buffer.from(credentials).toString("base64")}` : undefined;
	const refused = (headers) => {
		authorizations.push(headers["proxy-authorization"]);
		return expected !== undefined && headers["proxy-authorization"] !== expected;
	};
	const server = createServer((request, response) => {
		seen.push(`${request.method} ${request.url}`);
		if (refuse) return response.writeHead(refuse).end();
		if (refused(request.headers)) return response.writeHead(407, { "proxy-authenticate": 'Basic realm="test"' }).end("<html>Proxy Authentication Required</html>");
		const target = new URL(request.url);
		const { "proxy-authorization": _, "proxy-connection": __, ...headers } = request.headers;
		const upstream = httpRequest({ host: "127.0.0.1", port: target.port, path: target.pathname + target.search, method: request.method, headers }, (answer) => {
			response.writeHead(answer.statusCode, answer.headers);
			answer.pipe(response);
		});
		upstream.on("error", () => response.writeHead(502).end());
		request.pipe(upstream);
	});
	server.on("connect", (request, socket, head) => {
		seen.push(`CONNECT ${request.url}`);
		socket.on("error", () => {});
		if (refuse) return socket.end(`HTTP/1.1 ${refuse} Refused\r\n\r\n`);
		if (refused(request.headers)) return socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n');
		const port = Number(request.url.slice(request.url.lastIndexOf(":") + 1));
		const upstream = connect(port, "127.0.0.1", () => {
			socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
			upstream.write(head);
			upstream.pipe(socket);
			socket.pipe(upstream);
		});
		upstream.on("error", () => socket.destroy());
	});
	// Tunnels leave the server's books once upgraded: kept here, so that close() ends them.
	const sockets = new Set();
	server.on("connection", (socket) => {
		sockets.add(socket);
		socket.on("close", () => sockets.delete(socket));
	});
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
	const url = `http://127.0.0.1:${server.address().port}`;
	const close = () =>
		new Promise((resolve) => {
			for (const socket of sockets) socket.destroy();
			server.close(resolve);
		});
	// How many client connections the proxy holds open now.
	const open = () => sockets.size;
	return { url, seen, authorizations, open, close };
}

export const PROXY_VARIABLES = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"];

/** Runs `body` with the proxy variables set to `values` alone, then restores them. */
export async function withProxyEnv(values, body) {
	const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
	for (const name of PROXY_VARIABLES) delete process.env[name];
	Object.assign(process.env, values);
	try {
		return await body();
	} finally {
		for (const name of PROXY_VARIABLES) {
			if (saved[name] === undefined) delete process.env[name];
			else process.env[name] = saved[name];
		}
	}
}
