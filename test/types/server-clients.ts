// Compile-only: a client typed for the server it talks to, by the `server` option or by
// `Hublet.withRoutes(table)`, for each server whose table the package ships. Each server's
// Enterprise-only (or Cloud-only) methods compile; a call to a method it lacks does not, and the
// error names the server (test/server-types.test.js reads those errors).
import { Hublet } from "@hublet/rest";
import { Hublet as Core, serverTables } from "@hublet/rest/core";
import ghec from "@hublet/rest/servers/ghec";
import ghes317 from "@hublet/rest/servers/ghes-3.17";
import ghes318 from "@hublet/rest/servers/ghes-3.18";
import ghes319 from "@hublet/rest/servers/ghes-3.19";
import type { RestEndpointMethods, ServerRestEndpointMethods } from "@hublet/rest";
import type { Equal, Expect } from "./helpers.js";

const baseUrl = "https://github.example.com/api/v3";

export async function ghes317Option() {
	const client = new Hublet({ baseUrl, server: "ghes-3.17" });
	const { data: hooks } = await client.rest.enterpriseAdmin.listGlobalWebhooks();
	await client.rest.enterpriseAdmin.getGlobalWebhook({ hook_id: 1 });
	// A method api.github.com has too keeps its types.
	const { data: repository } = await client.rest.repos.get({ owner: "o", repo: "r" });
	repository.full_name.toUpperCase();
	// @ts-expect-error ghes-3.17 lacks dependabot.repositoryAccessForOrg
	client.rest.dependabot.repositoryAccessForOrg({ org: "acme" });
	// @ts-expect-error ghes-3.17 lacks the copilot namespace
	client.rest.copilot;
	// @ts-expect-error an Enterprise-only method still needs its path parameters
	client.rest.enterpriseAdmin.getGlobalWebhook({});
	return hooks;
}

export async function ghes317Table() {
	const Client = Hublet.withRoutes(ghes317);
	const client = new Client({ baseUrl });
	await client.rest.enterpriseAdmin.listGlobalWebhooks();
	await client.enterpriseAdmin.listGlobalWebhooks();
	client.rest.repos.get.availableOn;
	// @ts-expect-error ghes-3.17 lacks dependabot.repositoryAccessForOrg
	client.rest.dependabot.repositoryAccessForOrg({ org: "acme" });
	// @ts-expect-error ghes-3.17 lacks dependabot.repositoryAccessForOrg, at the top level too
	client.dependabot.repositoryAccessForOrg({ org: "acme" });
	// On /core with the feature, the same.
	const core = new (Core.plugin(serverTables).withRoutes(ghes317))({ baseUrl });
	await core.rest.enterpriseAdmin.listGlobalWebhooks();
	// @ts-expect-error ghes-3.17 lacks dependabot.repositoryAccessForOrg
	core.rest.dependabot.repositoryAccessForOrg({ org: "acme" });
}

export async function ghes318Clients() {
	const byOption = new Hublet({ baseUrl, server: "ghes-3.18" });
	const byTable = new (Hublet.withRoutes(ghes318))({ baseUrl });
	for (const client of [byOption, byTable]) {
		await client.rest.dependabot.repositoryAccessForOrg({ org: "acme" });
		await client.rest.enterpriseAdmin.listGlobalWebhooks();
		// @ts-expect-error ghes-3.18 lacks actions.approveWorkflowRun
		client.rest.actions.approveWorkflowRun({ owner: "o", repo: "r", run_id: 1 });
	}
}

export async function ghes319Clients() {
	const byOption = new Hublet({ baseUrl, server: "ghes-3.19" });
	const byTable = new (Hublet.withRoutes(ghes319))({ baseUrl });
	for (const client of [byOption, byTable]) {
		await client.rest.dependabot.repositoryAccessForOrg({ org: "acme" });
		await client.rest.enterpriseAdmin.listGlobalWebhooks();
		// @ts-expect-error ghes-3.19 lacks actions.approveWorkflowRun
		client.rest.actions.approveWorkflowRun({ owner: "o", repo: "r", run_id: 1 });
	}
}

export async function enterpriseCloud() {
	const byOption = new Hublet({ server: "ghec" });
	const byTable = new (Hublet.withRoutes(ghec))();
	for (const client of [byOption, byTable]) {
		await client.rest.copilot.listCopilotSeatsForEnterprise({ enterprise: "e" });
		await client.rest.actions.approveWorkflowRun({ owner: "o", repo: "r", run_id: 1 });
		// @ts-expect-error ghec lacks enterpriseAdmin.listGlobalWebhooks
		client.rest.enterpriseAdmin.listGlobalWebhooks();
		// @ts-expect-error ghec lacks the oauthAuthorizations namespace
		client.rest.oauthAuthorizations;
	}
}

export function apiGithubCom() {
	// Without a server, with "auto" or "api.github.com", or with a name known only at run time: api.github.com's types.
	type _none = Expect<Equal<Hublet["rest"], RestEndpointMethods>>;
	const auto = new Hublet({ server: "auto" });
	type _auto = Expect<Equal<typeof auto.rest, RestEndpointMethods>>;
	const dotcom = new Hublet({ server: "api.github.com" });
	type _dotcom = Expect<Equal<typeof dotcom.rest, RestEndpointMethods>>;
	const fromEnvironment = new Hublet({ server: process.env.HUBLET_SERVER as "auto" | "ghes-3.17" });
	type _either = Expect<Equal<typeof fromEnvironment.rest, RestEndpointMethods>>;
	// @ts-expect-error api.github.com's types have no enterpriseAdmin
	auto.rest.enterpriseAdmin;
	// A client typed for a server is named by its server's methods.
	const typed: ServerRestEndpointMethods<"ghes-3.17"> = new Hublet({ server: "ghes-3.17" }).rest;
	// An annotation of the plain class still takes a client made without a server.
	const plain: Hublet = new Hublet({ auth: "token" });
	return [typed, plain];
}
