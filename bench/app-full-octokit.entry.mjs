import { Octokit as Client } from "@octokit/rest";
const client = new Client({ auth: "ghp_x", request: { fetch: async (url) => new Response(url.includes("/issues") ? '[{"id":2}]' : '{"id":1}', { headers: { "content-type": "application/json" } }) } });
process.constrainedMemory();
const { data } = await client.rest.repos.get({ owner: "o", repo: "r" });
const items = await client.paginate(client.rest.issues.listForRepo, { owner: "o", repo: "r", per_page: 100 });
process.constrainedMemory();
if (data.id !== 1 || items.length !== 1 || items[0].id !== 2) throw new Error("the app did not get the stub's answers");
