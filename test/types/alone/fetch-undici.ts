// `request.fetch` with undici's `fetch` and `Response`, whose types are not the global ones,
// and @types/node's global `Response`, as octokit's proxy recipe writes them.
import { Hublet } from "@hublet/rest";
import { Octokit } from "@hublet/rest/core";
import { Agent, fetch as undiciFetch, Response as UndiciResponse } from "undici";

const dispatcher = new Agent();
new Hublet({ request: { fetch: undiciFetch } });
const myFetch: typeof undiciFetch = (url, options) => undiciFetch(url, { ...options, dispatcher });
new Octokit({ request: { fetch: myFetch } });
new Hublet({ request: { fetch: (url: string) => new UndiciResponse("{}") } });
new Hublet({ request: { fetch: async (url: string, init?: any) => new UndiciResponse(JSON.stringify({ url, init })) } });
// @types/node's global Response and fetch.
new Hublet({ request: { fetch: (url: string) => new Response("{}") } });
new Octokit({ request: { fetch: globalThis.fetch } });
