// A `url` parameter is the request's URL on every method, as @octokit/endpoint takes it: release
// tools upload assets to the release's hypermedia `upload_url`, with no owner, repo or release_id.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit } from "@octokit/rest";
import { createReadStream, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RequestError } from "../dist/index.js";
import { testClient } from "./helpers/client.js";
import { startServer, sendJson } from "./helpers/loopback.js";

const ASSET = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x10, 0x80]);
const dir = mkdtempSync(join(tmpdir(), "hublet-upload-"));
const assetFile = join(dir, "asset.zip");
writeFileSync(assetFile, ASSET);

// The API on one origin, the uploads host on another (two ports of 127.0.0.1), as github.com
// has api.github.com and uploads.github.com.
async function servers() {
	const uploads = await startServer(async (request, response) => {
		const chunks = [];
		for await (const chunk of request) chunks.push(chunk);
		uploads.bodies.push(Buffer.concat(chunks));
		sendJson(response, 201, { id: 9, name: new URL(request.url, "http://x").searchParams.get("name") });
	});
	uploads.bodies = [];
	const api = await startServer((request, response) =>
		sendJson(response, 200, { id: 1, upload_url: `${uploads.baseUrl}/repos/o/r/releases/1/assets{?name,label}` }),
	);
	return { api, uploads, close: () => Promise.all([api.close(), uploads.close()]) };
}

const upload = suite("a url parameter");

upload("repos.uploadReleaseAsset({ url: release.upload_url, name, data: Buffer }) uploads to the upload_url's origin", async () => {
	const { api, uploads, close } = await servers();
	try {
		const { client } = testClient({ auth: "ghp_secret", baseUrl: api.baseUrl });
		const { data: release } = await client.rest.repos.getRelease({ owner: "o", repo: "r", release_id: 1 });
		const { status, data } = await client.rest.repos.uploadReleaseAsset({
			url: release.upload_url,
			name: "build.zip",
			data: ASSET,
			headers: { "content-type": "application/zip", "content-length": ASSET.length },
		});
		assert.is(status, 201);
		assert.equal(data, { id: 9, name: "build.zip" });
		assert.is(api.requests.length, 1, "the upload did not go to baseUrl");
		const [sent] = uploads.requests;
		assert.is(sent.method, "POST");
		assert.is(sent.url, "/repos/o/r/releases/1/assets?name=build.zip&");
		assert.is(sent.headers["content-type"], "application/zip");
		assert.is(sent.headers.authorization, "token ghp_secret");
		assert.equal(uploads.bodies[0], ASSET);
	} finally {
		await close();
	}
});

upload("a file stream as data is sent whole to the upload_url", async () => {
	const { uploads, close } = await servers();
	try {
		const { client } = testClient({ retry: false });
		const { status } = await client.rest.repos.uploadReleaseAsset({
			url: `${uploads.baseUrl}/repos/o/r/releases/1/assets{?name,label}`,
			name: "build.zip",
			label: "Build",
			data: createReadStream(assetFile),
			headers: { "content-type": "application/zip", "content-length": ASSET.length },
		});
		assert.is(status, 201);
		assert.is(uploads.requests[0].url, "/repos/o/r/releases/1/assets?name=build.zip&label=Build");
		assert.equal(uploads.bodies[0], ASSET);
	} finally {
		await close();
	}
});

upload("only the given template's placeholders are required: a url with {release_id} still needs it, and name stays required", async () => {
	const { client } = testClient({ request: { fetch: () => assert.unreachable("nothing is sent") } });
	const template = await client.rest.repos
		.uploadReleaseAsset({ url: "https://uploads.example.test/repos/o/r/releases/{release_id}/assets{?name,label}", name: "a", data: "x" })
		.catch((e) => e);
	assert.instance(template, RequestError);
	assert.is(template.message, 'Missing required parameter for rest.repos.uploadReleaseAsset(): "release_id"');
	const noName = await client.rest.repos.uploadReleaseAsset({ url: "https://uploads.example.test/a{?name,label}", data: "x" }).catch((e) => e);
	assert.is(noName.message, 'Missing required parameter for rest.repos.uploadReleaseAsset(): "name"');
	const dotted = await client.rest.repos.get({ url: "/repos/{owner}/{repo}", owner: "o", repo: ".." }).catch((e) => e);
	assert.is(dotted.message, 'Invalid parameter for rest.repos.get(): "repo" may not be ".."');
	const badBody = await client.rest.issues.create({ url: "/repos/o/r/issues", title: "x", loop: { toJSON: () => { throw new Error("no") } } }).catch((e) => e);
	assert.instance(badBody, RequestError);
	assert.is(badBody.code, "INVALID_REQUEST");
});

upload(".endpoint() builds what @octokit/rest builds for the same parameters", () => {
	const parameters = {
		url: "https://uploads.example.test/repos/o/r/releases/1/assets{?name,label}",
		name: "build.zip",
		data: ASSET,
		headers: { "content-type": "application/zip", "content-length": ASSET.length },
	};
	const ours = testClient({ baseUrl: "http://127.0.0.1:1" }).client.rest.repos.uploadReleaseAsset.endpoint(parameters);
	const theirs = new Octokit({ baseUrl: "http://127.0.0.1:1" }).rest.repos.uploadReleaseAsset.endpoint(parameters);
	for (const options of [ours, theirs]) {
		delete options.headers["user-agent"];
		delete options.request;
	}
	assert.equal(ours, theirs);
	const get = { url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", state: "open" };
	const ourGet = testClient().client.rest.repos.get.endpoint(get);
	const theirGet = new Octokit().rest.repos.get.endpoint(get);
	assert.is(ourGet.url, theirGet.url);
	assert.is(ourGet.url, "https://api.github.com/repos/o/r/issues?state=open");
});

upload.run();
