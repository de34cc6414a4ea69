// The `user-agent` header: Hublet's name and version, then where it runs, the same runtime text that
// @octokit/core sends after its own name ("octokit-core.js/7.0.8 Node.js/20.20.2 (linux; x64)").
// Each test sends through the real @octokit/core and through Hublet, over msw, and compares what
// the server received once each product's name is set aside.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit as OctokitCore } from "@octokit/core";
import { Hublet as CoreHublet } from "../dist/core.js";
import { Hublet } from "../dist/index.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";
const OCTOKIT = `octokit-core.js/${OctokitCore.VERSION}`;
const HUBLET = `hublet-rest.js/${Hublet.VERSION}`;

const agent = suite("user-agent");
useServer(agent);

/** The user agents that msw received, in order, while `send` ran. */
async function received(send) {
	const agents = [];
	server.use(
		http.all("*", ({ request }) => {
			agents.push(request.headers.get("user-agent"));
			return HttpResponse.json({ data: {} });
		}),
	);
	await send();
	return agents;
}

/** An octokit user agent as Hublet sends it: the same text with Hublet's name for octokit's. */
const asHublet = (octokitAgent) => octokitAgent.replace(OCTOKIT, HUBLET);

agent("a core client sends Hublet's name, then the runtime that @octokit/core names", async () => {
	const [octokit] = await received(() => new OctokitCore().request("GET /"));
	const [hublet] = await received(() => new CoreHublet().request("GET /"));
	assert.ok(octokit.startsWith(`${OCTOKIT} `), octokit);
	assert.is(hublet, asHublet(octokit));
	// On Node 20, which has no navigator: "Node.js/20.20.2 (linux; x64)".
	const runtime = typeof navigator === "object" ? navigator.userAgent : `Node.js/${process.versions.node} (${process.platform}; ${process.arch})`;
	assert.is(hublet, `${HUBLET} ${runtime}`);
});

agent("the userAgent option goes before Hublet's name and the runtime, on both entries and through defaults()", async () => {
	const [octokit] = await received(() => new OctokitCore({ userAgent: "my-app/1.2.3" }).request("GET /"));
	const hublet = await received(async () => {
		await new CoreHublet({ userAgent: "my-app/1.2.3" }).request("GET /");
		await new Hublet({ userAgent: "my-app/1.2.3" }).rest.meta.root();
	});
	assert.equal(hublet, [asHublet(octokit), asHublet(octokit)]);
	const [octokitDefaults] = await received(() => new (OctokitCore.defaults({ userAgent: "base/1" }))({ userAgent: "my-app/1.2.3" }).request("GET /"));
	const [hubletDefaults] = await received(() => new (CoreHublet.defaults({ userAgent: "base/1" }))({ userAgent: "my-app/1.2.3" }).request("GET /"));
	assert.is(hubletDefaults, asHublet(octokitDefaults));
});

agent("graphql and request.endpoint() carry the same user agent as a request", async () => {
	const [octokit] = await received(() => new OctokitCore().graphql("{ viewer { login } }"));
	const [hublet] = await received(() => new CoreHublet().graphql("{ viewer { login } }"));
	assert.is(hublet, asHublet(octokit));
	assert.is(new CoreHublet().request.endpoint("GET /").headers["user-agent"], asHublet(new OctokitCore().request.endpoint("GET /").headers["user-agent"]));
});

agent.run();
