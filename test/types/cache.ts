// The `cache` option, the store interface and the `revalidated` marker (issue 14).
import Keyv from "keyv";
import { Hublet, type CacheOptions, type CacheStore, type HubletOptions } from "@hublet/rest";
import type { Equal, Expect } from "./helpers.js";

// Every documented form of the option.
new Hublet({ cache: true });
new Hublet({ cache: false });
new Hublet({ cache: { max: 2000 } });
new Hublet({ cache: new Keyv() });
new Hublet({ cache: { store: new Keyv(), timeout: 200 } });
new Hublet({ cache: new Map<string, string>() });
new Hublet({ cache: { get: (key: string) => key, set: async () => true, delete: () => undefined } });

// A Keyv instance and a Map are stores as they are.
const keyv: CacheStore = new Keyv();
const map: CacheStore = new Map<string, string>();
const options: CacheOptions = { store: keyv, timeout: 100 };
type _option = Expect<Equal<HubletOptions["cache"], boolean | CacheStore | CacheOptions | undefined>>;

{
	// @ts-expect-error a string is not a cache
	new Hublet({ cache: "yes" });
	// @ts-expect-error `max` is a number of entries
	new Hublet({ cache: { max: "500" } });
	// @ts-expect-error `timeout` is milliseconds
	new Hublet({ cache: { store: map, timeout: "1s" } });
	// @ts-expect-error a store's values are strings
	const _wrong: CacheStore = { get: () => undefined, set: (_key: string, _value: number) => true, delete: () => true };
	// @ts-expect-error a store needs delete()
	const _partial: CacheStore = { get: () => undefined, set: () => true };
}

export async function marker(client: Hublet) {
	const response = await client.rest.repos.get({ owner: "o", repo: "r" });
	type _revalidated = Expect<Equal<typeof response.revalidated, true | undefined>>;
	const page = await client.request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", request: { cache: false } });
	type _onRequest = Expect<Equal<typeof page.revalidated, true | undefined>>;
	await client.rest.repos.get({ owner: "o", repo: "r", request: { cache: false } });
	// @ts-expect-error the marker is set by the cache, never false
	const _never: false = response.revalidated;
	return options;
}
