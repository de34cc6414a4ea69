// `request.fetch` under lib dom, with or without dom.iterable (and without @types/node): the
// stubs and wrappers code written for octokit passes, synchronous or not. Compiled alone, with
// the lib settings each case names (test/fetch-types.test.js).
import { Hublet } from "@hublet/rest";
import { Octokit } from "@hublet/rest/core";

// A synchronous stub of the kind octokit's tests write.
new Hublet({ request: { fetch: (url: string, options: { [key: string]: any }) => new Response("{}") } });
// An asynchronous one, and one returning a promise.
new Hublet({ request: { fetch: async (url: string, options: { [key: string]: any }) => new Response(JSON.stringify({ url, options })) } });
new Octokit({ request: { fetch: (url: string) => Promise.resolve(new Response("{}", { status: 200 })) } });
// The global fetch, and a wrapper of it.
new Hublet({ request: { fetch } });
new Octokit({ request: { fetch: (url: string, init?: RequestInit) => fetch(url, { ...init, keepalive: true }) } });
// Parameters stay typed where they can be: the URL is a string.
new Hublet({
	request: {
		fetch: (url, init) => {
			const path: string = new URL(url).pathname;
			return fetch(path, init);
		},
	},
});
// A stub returning a Response-like object of its own: only what every Response has is read.
declare const response: Response;
new Hublet({ request: { fetch: () => ({ status: 200, statusText: "OK", url: "", headers: response.headers, body: null, text: async () => "{}", arrayBuffer: async () => new ArrayBuffer(0) }) } });
// @ts-expect-error a fetch must return a response, not a string
new Hublet({ request: { fetch: (url: string) => url } });
// @ts-expect-error the URL is a string, not a number
new Hublet({ request: { fetch: (url: number) => new Response("{}") } });
