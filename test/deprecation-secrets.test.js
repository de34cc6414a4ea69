// A server marks a route deprecated with `Deprecation`, `Sunset` and a `Link` to its notice. The
// warning Hublet writes to log.warn (and DEBUG=hublet:deprecation) quotes the date and the link:
// what the server put there is redacted by the one rule (an `access_token=…` in the link, the
// request's own token or client secret echoed anywhere), and its control bytes are escaped.
// Run: node test/deprecation-secrets.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { readBody, sendJson, startServer } from "./helpers/loopback.js";

const TOKEN = "Zq7-token-Xw93kLm2Pq";
const GITHUB_TOKEN = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
const SECRET = "cl1ent-secret-Qx91aa";
const ACCESS = "acc3ss-token-Kz81Yy";

let server;
const warning = suite("the deprecation warning");
warning.before(async () => {
	server = await startServer(async (request, response) => {
		const body = await readBody(request);
		const credential = (request.headers.authorization ?? "").split(" ")[1] ?? "";
		const echoed = new URLSearchParams(body).get("client_secret") ?? credential;
		const headers = {
			deprecation: "@1767225600",
			sunset: `Wed, 01 Jan 2031 00:00:00 GMT (for ${echoed}, and token ${GITHUB_TOKEN})`,
			link: `<https://docs.example/deprecations?access_token=${ACCESS}&for=${encodeURIComponent(echoed)}>; rel="deprecation"; type="text/html"`,
		};
		if (request.url.startsWith("/controls")) headers.sunset = "Wed, 01 Jan 2031\x9b2J\x9d0;pwned\x9c \x85 00:00:00 GMT";
		sendJson(response, 200, { ok: true }, headers);
	});
});
warning.after(() => server.close());

const warnings = async (call) => {
	const { log, lines } = capturingLog();
	await call(new Hublet({ baseUrl: server.baseUrl, log, retry: false }));
	return lines.warn.filter((line) => line.includes("is deprecated"));
};

warning("the link's access_token, the request's token echoed in the date and the link, and a GitHub token are redacted", async () => {
	for (const auth of [`token ${TOKEN}`, `bearer ${TOKEN}`, `basic ${Buffer.from(`octocat:${TOKEN}`).toString("base64")}`]) {
		const lines = await warnings((client) => client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { authorization: auth } }));
		assert.is(lines.length, 1, auth);
		const [line] = lines;
		for (const secret of [TOKEN, encodeURIComponent(TOKEN), ACCESS, GITHUB_TOKEN]) assert.not.ok(line.includes(secret), `${secret} in: ${line}`);
		assert.match(line, "It is scheduled to be removed on Wed, 01 Jan 2031 00:00:00 GMT");
		assert.match(line, "See https://docs.example/deprecations?access_token=[REDACTED]&for=");
	}
});

warning("the client's token (auth option) echoed by the server is redacted", async () => {
	const { log, lines } = capturingLog();
	await new Hublet({ baseUrl: server.baseUrl, auth: TOKEN, log, retry: false }).request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	const line = lines.warn.find((text) => text.includes("is deprecated"));
	assert.ok(line);
	assert.not.ok(line.includes(TOKEN), line);
});

warning("a client_secret the request's body held, echoed in the date and the link, is redacted", async () => {
	const lines = await warnings((client) =>
		client.request("POST /applications/{client_id}/token", {
			client_id: "Iv1.abc",
			data: `client_secret=${encodeURIComponent(SECRET)}&access_token=${ACCESS}`,
			headers: { "content-type": "application/x-www-form-urlencoded" },
		}),
	);
	assert.is(lines.length, 1);
	for (const secret of [SECRET, ACCESS]) assert.not.ok(lines[0].includes(secret), lines[0]);
});

warning("the server's C1 control bytes in the date (HTTP carries no C0 ones) are escaped: the line drives no terminal", async () => {
	const [line] = await warnings((client) => client.request("GET /controls"));
	assert.ok(line);
	assert.not.match(line, /[\0-\x1f\x7f-\x9f]/);
	assert.match(line, String.raw`Wed, 01 Jan 2031\x9B2J\x9D0;pwned\x9C \x85 00:00:00 GMT`);
});

warning.run();
