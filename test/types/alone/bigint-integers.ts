// A program that asks for `number | bigint` integers, which is what a response holds at run time
// (an integer above 2^53 arrives as a BigInt). Compiled alone: the setting is program-wide.
import { Hublet, type RestEndpointMethodTypes } from "@hublet/rest";
import type { Equal, Expect } from "../helpers.js";

declare module "@hublet/rest" {
	interface HubletTypeOptions {
		integers: "number | bigint";
	}
}

const client = new Hublet();

export async function main() {
	const { data: issue } = await client.rest.issues.get({ owner: "o", repo: "r", issue_number: 1 });
	type _id = Expect<Equal<typeof issue.id, number | bigint>>;
	type _named = Expect<Equal<RestEndpointMethodTypes["issues"]["get"]["response"]["data"]["id"], number | bigint>>;
	const { data: repository } = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	type _request = Expect<Equal<typeof repository.id, number | bigint>>;
	// Still passed on to the next call.
	await client.rest.issues.createComment({ owner: "o", repo: "r", issue_number: issue.number, body: "hi" });
	const exact: bigint | number = issue.id;
	return typeof exact === "bigint" ? exact.toString() : exact.toFixed(0);
}
