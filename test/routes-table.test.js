// Invariants of the committed route table (routes.json, the plain table), and every method the
// interface spec names. Run: node test/routes-table.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import legacy from "../scripts/legacy-routes.json" with { type: "json" };
import { routesTable as table, routesText } from "./helpers/routes.js";

const { namespaces, renamedNamespaces } = table;
const ROUTE = /^(GET|POST|PUT|PATCH|DELETE|HEAD) \/\S*$/;
const DECORATION_KEYS = ["baseUrl", "defaults", "deprecated", "mapToData", "renamed", "renamedParameters", "required"];

const entries = Object.entries(namespaces).flatMap(([ns, methods]) =>
	Object.entries(methods).map(([method, entry]) => ({ ns, method, name: `${ns}.${method}`, entry, route: entry[0], d: entry[1] ?? {} })),
);
const byName = new Map(entries.map((e) => [e.name, e]));

/** A method as a client resolves it: directly, or through a renamed namespace. */
function resolve(name) {
	const [ns, method] = name.split(".");
	const canonical = Object.hasOwn(namespaces, ns) ? ns : renamedNamespaces[ns];
	return canonical && Object.hasOwn(namespaces[canonical], method) ? byName.get(`${canonical}.${method}`) : undefined;
}
const must = (name) => {
	const e = resolve(name);
	assert.ok(e, `${name} does not resolve`);
	return e;
};
const pathParams = (route) => [...route.matchAll(/\{([^?}][^}]*)\}/g)].map((m) => m[1]);
const queryTemplate = (route) => (route.match(/\{\?([^}]+)\}$/)?.[1] ?? "").split(",").filter(Boolean);
const isSorted = (list) => list.every((x, i) => i === 0 || list[i - 1] < x);
const legacyRows = new Set(Object.entries(legacy.namespaces).flatMap(([ns, ms]) => Object.keys(ms).map((m) => `${ns}.${m}`)));
const patchedDeprecated = new Set(
	Object.entries(legacy.patches).flatMap(([ns, ms]) =>
		Object.entries(ms)
			.filter(([, p]) => p.deprecated !== undefined)
			.map(([m]) => `${ns}.${m}`),
	),
);

// ---------------------------------------------------------------------------
const format = suite("routes.json format");

format("top-level keys are source, namespaces, renamedNamespaces: the plain shape of a route subset", () => {
	assert.equal(Object.keys(table), ["source", "namespaces", "renamedNamespaces"]);
	assert.is(table.source, "@octokit/openapi@23.0.2 api.github.com");
});

format("namespaces are sorted", () => {
	assert.ok(isSorted(Object.keys(namespaces)));
});

format("renamedNamespaces are sorted", () => {
	assert.ok(isSorted(Object.keys(renamedNamespaces)));
});

format("one method per line, each a [route] or [route, decorations] row", () => {
	const lines = routesText.split("\n").filter((line) => line.startsWith("      "));
	assert.is(lines.length, entries.length);
	for (const line of lines) assert.match(line, /^ {6}"[A-Za-z0-9]+": \["[A-Z]+ \/[^"]*"(,\{.*\})?\],?$/);
	assert.ok(routesText.endsWith("}\n"));
});

format.run();

// ---------------------------------------------------------------------------
const invariants = suite("routes.json invariants, per namespace");

for (const [ns, methods] of Object.entries(namespaces)) {
	const rows = entries.filter((e) => e.ns === ns);

	invariants(`${ns}: methods are sorted`, () => {
		assert.ok(isSorted(Object.keys(methods)));
	});

	invariants(`${ns}: every route is "VERB /path"`, () => {
		for (const { name, entry, route } of rows) {
			assert.ok(Array.isArray(entry) && (entry.length === 1 || entry.length === 2), `${name}: [route] or [route, decorations]`);
			assert.match(route, ROUTE, `${name}: ${route}`);
		}
	});

	invariants(`${ns}: GET and HEAD routes carry no query template`, () => {
		for (const { name, route } of rows) {
			if (/^(GET|HEAD) /.test(route)) assert.not.match(route, /\{\?/, name);
		}
	});

	invariants(`${ns}: decorations use known keys, in sorted order, and are never empty`, () => {
		for (const { name, entry, d } of rows) {
			if (entry.length === 1) continue;
			const keys = Object.keys(d);
			assert.ok(keys.length > 0, `${name}: empty decorations`);
			assert.ok(isSorted(keys), `${name}: keys not sorted: ${keys}`);
			for (const key of keys) assert.ok(DECORATION_KEYS.includes(key), `${name}: unknown decoration ${key}`);
		}
	});

	invariants(`${ns}: required lists are sorted unique strings, never path parameters`, () => {
		for (const { name, route, d } of rows) {
			if (!d.required) continue;
			assert.ok(Array.isArray(d.required) && d.required.length > 0, name);
			for (const r of d.required) assert.type(r, "string", name);
			assert.ok(isSorted(d.required), `${name}: required not sorted/unique`);
			const params = pathParams(route);
			for (const r of d.required) assert.not.ok(params.includes(r), `${name}: path parameter ${r} in required`);
		}
	});

	invariants(`${ns}: decoration values have the right types`, () => {
		for (const { name, d } of rows) {
			if ("deprecated" in d) assert.ok(typeof d.deprecated === "string" && d.deprecated.includes(" deprecated"), name);
			if ("baseUrl" in d) assert.match(d.baseUrl, /^https:\/\/[^/]+$/, name);
			if ("mapToData" in d) assert.type(d.mapToData, "string", name);
			if ("defaults" in d) assert.ok(d.defaults && typeof d.defaults === "object" && !Array.isArray(d.defaults), name);
			if ("renamedParameters" in d) {
				for (const [from, to] of Object.entries(d.renamedParameters)) {
					assert.type(to, "string", name);
					assert.is.not(from, to, name);
				}
			}
			if ("renamed" in d) {
				assert.ok(Array.isArray(d.renamed) && d.renamed.length === 2, name);
				for (const part of d.renamed) assert.type(part, "string", name);
			}
		}
	});

	invariants(`${ns}: deprecation messages name the method`, () => {
		for (const { ns: n, method, name, d } of rows) {
			if (d.deprecated) assert.ok(d.deprecated.startsWith(`octokit.rest.${n}.${method}() is deprecated`), `${name}: ${d.deprecated}`);
		}
	});
}

invariants.run();

// ---------------------------------------------------------------------------
const renames = suite("renames");

for (const { name, d, route } of entries.filter((e) => e.d.renamed)) {
	const target = d.renamed.join(".");
	renames(`${name} → ${target}: target exists, is not itself renamed, has the same route`, () => {
		const t = byName.get(target);
		assert.ok(t, `${target} is missing`);
		assert.not.ok(t.d.renamed, `${target} is renamed too`);
		assert.is(route, t.route);
	});
}

for (const [from, to] of Object.entries(renamedNamespaces)) {
	renames(`renamed namespace ${from} → ${to}: target exists and ${from} is not a namespace`, () => {
		assert.ok(Object.hasOwn(namespaces, to));
		assert.not.ok(Object.hasOwn(namespaces, from));
	});
}

renames("renamedNamespaces are exactly gitdata → git and pullRequests → pulls", () => {
	assert.equal(renamedNamespaces, { gitdata: "git", pullRequests: "pulls" });
});

renames.run();

// ---------------------------------------------------------------------------
const counts = suite("counts");

// Generated from the description = neither a hand-kept legacy row nor an x-octokit rename.
const generated = entries.filter((e) => !legacyRows.has(e.name) && !e.d.renamed);
// Deprecated in the description = deprecated, unless only the legacy file's patches made it so.
const deprecatedAtSource = (e) => e.d.deprecated !== undefined && !patchedDeprecated.has(e.name);

counts("1,223 generated operations in 49 namespaces", () => {
	assert.is(generated.length, 1223);
	assert.is(new Set(generated.map((e) => e.ns)).size, 49);
});

counts("1,186 non-deprecated generated methods in 48 namespaces", () => {
	const current = generated.filter((e) => !deprecatedAtSource(e));
	assert.is(current.length, 1186);
	assert.is(new Set(current.map((e) => e.ns)).size, 48);
});

counts("classroom is the one wholly deprecated namespace", () => {
	const current = new Set(generated.filter((e) => !deprecatedAtSource(e)).map((e) => e.ns));
	assert.equal(
		Object.keys(namespaces).filter((ns) => !current.has(ns) && ns !== "oauthAuthorizations"),
		["classroom"],
	);
});

counts("every legacy row and patch is in the table", () => {
	for (const name of legacyRows) assert.ok(byName.has(name), name);
	for (const [ns, ms] of Object.entries(legacy.patches)) for (const m of Object.keys(ms)) assert.ok(byName.has(`${ns}.${m}`), `${ns}.${m}`);
});

counts.run();

// ---------------------------------------------------------------------------
// Every method the interface spec names resolves (directly or via renamedNamespaces).
const named = suite("spec: named methods resolve");

const SPEC_NAMESPACES = [
	// §2.1
	"actions", "apps", "checks", "codeScanning", "git", "gitdata", "issues", "migrations",
	"oauthAuthorizations", "orgs", "packages", "pullRequests", "pulls", "repos", "search", "teams",
];
for (const ns of SPEC_NAMESPACES) {
	named(`§2.1 namespace ${ns} resolves`, () => {
		assert.ok(Object.hasOwn(namespaces, ns) || Object.hasOwn(namespaces, renamedNamespaces[ns] ?? ""), ns);
	});
}

const SPEC_METHODS = {
	"§2.2": [
		"repos.createForAuthenticatedUser", "repos.createInOrg", "repos.update", "repos.listForOrg",
		"repos.createUsingTemplate", "repos.enablePagesSite", "repos.listCommentsForCommit",
		"repos.createCommitComment", "repos.deleteFile", "repos.uploadReleaseAsset",
		"repos.updateBranchProtection", "repos.mergeUpstream", "orgs.update", "teams.edit",
		"actions.createOrUpdateEnvironmentSecret", "actions.setSelectedReposForOrgSecret",
		"apps.deleteAuthorization", "apps.deleteInstallation", "git.getCommit", "actions.listWorkflowRuns",
		"actions.listWorkflowRunsForRepo", "search.topics", "search.labels", "issues.get",
		"repos.listProtectedBranchTeamRestrictions",
	],
	"§4.2": [
		"actions.downloadWorkflowRunAttemptLogs", "actions.getWorkflowRunAttempt",
		"actions.createOrUpdateEnvironmentSecret", "actions.setSelectedReposForOrgSecret",
		"repos.generateReleaseNotes", "checks.rerequestRun", "repos.enableLfsForRepo", "repos.disableLfsForRepo",
		"repos.mergeUpstream", "repos.createAutolink", "repos.listAutolinks", "repos.getAutolink",
		"repos.deleteAutolink", "packages.deletePackageForUser", "packages.deletePackageVersionForUser",
		"packages.restorePackageForUser", "packages.restorePackageVersionForUser",
		"repos.enableVulnerabilityAlerts", "repos.disableVulnerabilityAlerts", "repos.createDispatchEvent",
		"repos.addProtectedBranchAppRestrictions", "repos.removeProtectedBranchAppRestrictions",
		"repos.replaceProtectedBranchAppRestrictions", "repos.getAppsWithAccessToProtectedBranch",
		"repos.listAppsWithAccessToProtectedBranch", "repos.getTeamsWithAccessToProtectedBranch",
		"repos.listProtectedBranchTeamRestrictions", "repos.listTeamsWithAccessToProtectedBranch",
		"repos.getUsersWithAccessToProtectedBranch", "repos.listProtectedBranchUserRestrictions",
		"repos.listUsersWithAccessToProtectedBranch", "repos.getCommit", "repos.getCommitRefSha",
		"repos.listTopics", "repos.replaceTopics", "migrations.listReposForOrg", "migrations.listReposForUser",
		"apps.revokeInstallationToken", "pulls.create", "pulls.createFromIssue", "pulls.createComment",
		"pulls.createCommentReply", "pulls.createReviewCommentReply", "teams.addMember", "teams.getMember",
		"teams.removeMember", "apps.deleteInstallation",
	],
	"§5.5": [
		"apps.checkAuthorization", "apps.checkToken", "apps.deleteAuthorization", "apps.deleteToken",
		"apps.resetAuthorization", "apps.resetToken", "apps.revokeAuthorizationForApplication",
		"apps.revokeGrantForApplication",
		"oauthAuthorizations.checkAuthorization", "oauthAuthorizations.createAuthorization",
		"oauthAuthorizations.deleteAuthorization", "oauthAuthorizations.deleteGrant",
		"oauthAuthorizations.getAuthorization", "oauthAuthorizations.getGrant",
		"oauthAuthorizations.getOrCreateAuthorizationForApp",
		"oauthAuthorizations.getOrCreateAuthorizationForAppAndFingerprint",
		"oauthAuthorizations.listAuthorizations", "oauthAuthorizations.listGrants",
		"oauthAuthorizations.resetAuthorization", "oauthAuthorizations.revokeAuthorizationForApplication",
		"oauthAuthorizations.revokeGrantForApplication", "oauthAuthorizations.updateAuthorization",
	],
	// The namespaces of §2.1 by their former names resolve too.
	"§2.1": ["gitdata.getCommit", "gitdata.createTree", "pullRequests.create", "pullRequests.get", "pullRequests.createComment"],
};
for (const [section, methods] of Object.entries(SPEC_METHODS)) {
	for (const name of methods) named(`${section} ${name} resolves`, () => void must(name));
}

named.run();

// ---------------------------------------------------------------------------
// Rows of the spec that the table decides (parameters, deprecations, defaults).
const rows = suite("spec: rows the table decides");
const requires = (name, ...params) => {
	const { d } = must(name);
	for (const p of params) assert.ok((d.required ?? []).includes(p), `${name} should require ${p}; has ${d.required}`);
};
const deprecatedNaming = (name, replacement) => {
	const { d } = must(name);
	assert.type(d.deprecated, "string", `${name} is not deprecated`);
	if (replacement) assert.ok(d.deprecated.includes(replacement), `${name}: "${d.deprecated}" does not name ${replacement}`);
};

rows("§2.2 repos.update: name is not required", () => {
	assert.not.ok((must("repos.update").d.required ?? []).includes("name"));
});
rows("§2.2 repos.createUsingTemplate: owner is a body parameter, the path uses template_owner/template_repo", () => {
	const { route } = must("repos.createUsingTemplate");
	assert.equal(pathParams(route), ["template_owner", "template_repo"]);
});
rows("§2.2 repos.enablePagesSite: alias of repos.createPagesSite, which takes source", () => {
	const e = must("repos.enablePagesSite");
	assert.equal(e.d.renamed, ["repos", "createPagesSite"]);
	assert.is(e.route, "POST /repos/{owner}/{repo}/pages");
});
rows("§2.2 repos.listCommentsForCommit, repos.createCommitComment: commit_sha is the path parameter (sha renamed)", () => {
	for (const name of ["repos.listCommentsForCommit", "repos.createCommitComment"]) {
		const e = must(name);
		assert.ok(pathParams(e.route).includes("commit_sha"), name);
		assert.equal(e.d.renamedParameters, { sha: "commit_sha" }, name);
	}
});
rows("§2.2 repos.deleteFile: author.* and committer.* are validated (name and email when given)", () => {
	requires("repos.deleteFile", "author.name", "author.email", "committer.name", "committer.email", "message", "sha");
});
rows("§2.2 repos.uploadReleaseAsset: name required, a query parameter, sent to uploads.github.com", () => {
	const e = must("repos.uploadReleaseAsset");
	requires("repos.uploadReleaseAsset", "name", "data");
	assert.ok(queryTemplate(e.route).includes("name"));
	assert.is(e.d.baseUrl, "https://uploads.github.com");
});
rows("§2.2 repos.updateBranchProtection: restrictions.teams and restrictions.users required", () => {
	requires("repos.updateBranchProtection", "restrictions.teams", "restrictions.users");
});
rows("§2.2 repos.mergeUpstream: owner and repo in the path, branch required", () => {
	const e = must("repos.mergeUpstream");
	assert.equal(pathParams(e.route), ["owner", "repo"]);
	requires("repos.mergeUpstream", "branch");
});
rows("§2.2 teams.edit: PATCH /teams/{team_id}, deprecated for teams.updateInOrg; privacy is a body parameter (DESIGN §7: the old teams.update)", () => {
	const e = must("teams.edit");
	assert.is(e.route, "PATCH /teams/{team_id}");
	deprecatedNaming("teams.edit", "teams.updateInOrg");
	assert.not.ok((e.d.required ?? []).includes("privacy"));
});
rows("§2.2 actions.createOrUpdateEnvironmentSecret: encrypted_value and key_id required", () => {
	requires("actions.createOrUpdateEnvironmentSecret", "encrypted_value", "key_id");
});
rows("§2.2 actions.setSelectedReposForOrgSecret: GitHub takes selected_repository_ids, not encrypted_value/key_id (DESIGN §7)", () => {
	requires("actions.setSelectedReposForOrgSecret", "selected_repository_ids");
	assert.not.ok(must("actions.setSelectedReposForOrgSecret").d.required.includes("encrypted_value"));
});
rows("§2.2 actions.createOrUpdateRepoSecret: encrypted_value and key_id required where GitHub requires them (DESIGN §7)", () => {
	requires("actions.createOrUpdateRepoSecret", "encrypted_value", "key_id");
});
rows("§2.2 / §5.4 apps.deleteAuthorization: access_token required", () => {
	requires("apps.deleteAuthorization", "access_token");
});
rows("§2.2 apps.deleteInstallation: installation_id is a path parameter", () => {
	assert.equal(pathParams(must("apps.deleteInstallation").route), ["installation_id"]);
});
rows("§2.2 git.getCommit: commit_sha accepted, sha renamed to it", () => {
	const e = must("git.getCommit");
	assert.ok(pathParams(e.route).includes("commit_sha"));
	assert.equal(e.d.renamedParameters, { sha: "commit_sha" });
});
rows("§2.2 actions.listWorkflowRuns, listWorkflowRunsForRepo, search.topics, search.labels: GET, so created and pagination params go in the query", () => {
	for (const name of ["actions.listWorkflowRuns", "actions.listWorkflowRunsForRepo", "search.topics", "search.labels"]) {
		assert.match(must(name).route, /^GET /, name);
	}
});
rows("§2.2 issues.get: owner, repo and issue_number are path parameters (so a call with none is a 400)", () => {
	assert.equal(pathParams(must("issues.get").route), ["owner", "repo", "issue_number"]);
});
rows("§2.2 POST/PATCH methods declare no page query parameter; per_page only where GitHub's description has it (listAttestationsBulk)", () => {
	for (const { name, route } of entries) {
		if (!/^(POST|PATCH) /.test(route)) continue;
		const q = queryTemplate(route);
		assert.not.ok(q.includes("page"), name);
		if (q.includes("per_page")) assert.match(name, /\.listAttestationsBulk$/);
	}
});
rows("§2.2 repos.listProtectedBranchTeamRestrictions: alias of getTeamsWithAccessToProtectedBranch, nothing paginated", () => {
	const e = must("repos.listProtectedBranchTeamRestrictions");
	assert.equal(e.d.renamed, ["repos", "getTeamsWithAccessToProtectedBranch"]);
	assert.not.match(e.route, /\{\?/);
});

const REPLACES = [
	["repos.listAppsWithAccessToProtectedBranch", "repos.getAppsWithAccessToProtectedBranch"],
	["repos.listProtectedBranchTeamRestrictions", "repos.getTeamsWithAccessToProtectedBranch"],
	["repos.listTeamsWithAccessToProtectedBranch", "repos.getTeamsWithAccessToProtectedBranch"],
	["repos.listProtectedBranchUserRestrictions", "repos.getUsersWithAccessToProtectedBranch"],
	["repos.listUsersWithAccessToProtectedBranch", "repos.getUsersWithAccessToProtectedBranch"],
	["repos.addProtectedBranchAppRestrictions", "repos.addAppAccessRestrictions"],
	["repos.removeProtectedBranchAppRestrictions", "repos.removeAppAccessRestrictions"],
	["repos.replaceProtectedBranchAppRestrictions", "repos.setAppAccessRestrictions"],
	["repos.listTopics", "repos.getAllTopics"],
	["repos.replaceTopics", "repos.replaceAllTopics"],
	["apps.revokeInstallationToken", "apps.revokeInstallationAccessToken"],
	["pulls.createComment", "pulls.createReviewComment"],
	["pulls.createReviewCommentReply", "pulls.createReplyForReviewComment"],
	["migrations.listReposForUser", "migrations.listReposForAuthenticatedUser"],
];
for (const [old, current] of REPLACES) {
	rows(`§4.2 ${old} is renamed to ${current}`, () => {
		assert.equal(must(old).d.renamed, current.split("."));
	});
}
rows("§4.2 pulls.createCommentReply (createComment's former name) keeps working, with body and in_reply_to required", () => {
	const e = must("pulls.createCommentReply");
	assert.is(e.route, "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments");
	assert.ok(e.d.renamed || e.d.deprecated);
	requires("pulls.createCommentReply", "body", "in_reply_to");
});
rows("§4.2 repos.listTopics, repos.replaceTopics send the mercy preview by default", () => {
	for (const name of ["repos.listTopics", "repos.replaceTopics"]) {
		assert.equal(must(name).d.defaults, { headers: { accept: "application/vnd.github.mercy-preview+json" } }, name);
	}
});
rows("§4.2 repos.getCommitRefSha: deprecated for repos.getCommit, asks for the sha media type", () => {
	const e = must("repos.getCommitRefSha");
	assert.is(e.route, "GET /repos/{owner}/{repo}/commits/{ref}");
	deprecatedNaming("repos.getCommitRefSha", "repos.getCommit");
	assert.equal(e.d.defaults, { mediaType: { format: "sha" } });
});
rows("§4.2 pulls.createFromIssue: deprecated for pulls.create, issue required", () => {
	assert.is(must("pulls.createFromIssue").route, must("pulls.create").route);
	deprecatedNaming("pulls.createFromIssue", "pulls.create");
	requires("pulls.createFromIssue", "issue", "head", "base");
});
for (const [name, replacement] of [
	["teams.addMember", "teams.addOrUpdateMembershipForUserInOrg"],
	["teams.getMember", "teams.getMembershipForUserInOrg"],
	["teams.removeMember", "teams.removeMembershipForUserInOrg"],
]) {
	rows(`§4.2 ${name}: /teams/{team_id}/members/{username}, deprecated for ${replacement}`, () => {
		assert.match(must(name).route, / \/teams\/\{team_id\}\/members\/\{username\}$/);
		deprecatedNaming(name, replacement);
		must(replacement);
	});
}
rows("§4.2 repos.enableLfsForRepo, repos.disableLfsForRepo: PUT/DELETE /repos/{owner}/{repo}/lfs, not deprecated (GHEC/GHES, DESIGN §7)", () => {
	assert.equal(must("repos.enableLfsForRepo").entry, ["PUT /repos/{owner}/{repo}/lfs"]);
	assert.equal(must("repos.disableLfsForRepo").entry, ["DELETE /repos/{owner}/{repo}/lfs"]);
});
rows("§4.2 methods ending in AuthenticatedUser: every former name is kept, renamed", () => {
	for (const [old, current] of [
		["repos.list", "repos.listForAuthenticatedUser"],
		["repos.create", "repos.createForAuthenticatedUser"],
		["users.listEmails", "users.listEmailsForAuthenticatedUser"],
		["users.listEmailsForAuthenticated", "users.listEmailsForAuthenticatedUser"],
		["users.addEmailForAuthenticated", "users.addEmailForAuthenticatedUser"],
		["apps.addRepoToInstallation", "apps.addRepoToInstallationForAuthenticatedUser"],
		["apps.removeRepoFromInstallation", "apps.removeRepoFromInstallationForAuthenticatedUser"],
		["repos.acceptInvitation", "repos.acceptInvitationForAuthenticatedUser"],
		["repos.declineInvitation", "repos.declineInvitationForAuthenticatedUser"],
		["interactions.getRestrictionsForYourPublicRepos", "interactions.getRestrictionsForAuthenticatedUser"],
	]) {
		assert.equal(must(old).d.renamed, current.split("."), old);
	}
	for (const { name, d } of entries) {
		if (/ForAuthenticated$/.test(name)) assert.ok(d.renamed, `${name} should be a renamed former name`);
	}
});
rows("§4.2 the *InOrg team methods use /orgs/{org}/teams/{team_slug}", () => {
	const inOrg = entries.filter((e) => e.ns === "teams" && /InOrg$/.test(e.method));
	assert.ok(inOrg.length >= 10);
	for (const { name, route } of inOrg) assert.match(route, / \/orgs\/\{org\}\/teams\/\{team_slug\}/, name);
});
rows("§4.1 every method on a legacy /teams/{team_id} path is deprecated", () => {
	const legacyTeam = entries.filter((e) => / \/teams\/\{team_id\}/.test(e.route));
	assert.ok(legacyTeam.length > 0);
	for (const { name, d } of legacyTeam) assert.type(d.deprecated, "string", name);
});
rows("§4.1 GET /installation/repositories is apps.listReposAccessibleToInstallation", () => {
	assert.is(must("apps.listReposAccessibleToInstallation").route, "GET /installation/repositories");
});
rows("§4.1 removed paths have no method: code_of_conduct, DELETE /reactions/{reaction_id}, runs/{run_id}/retry", () => {
	const removed = [
		"GET /repos/{owner}/{repo}/community/code_of_conduct",
		"DELETE /reactions/{reaction_id}",
		"POST /repos/{owner}/{repo}/actions/runs/{run_id}/retry",
	];
	for (const { name, route } of entries) assert.not.ok(removed.includes(route), `${name}: ${route}`);
});
for (const name of SPEC_METHODS["§5.5"]) {
	rows(`§5.5 ${name} is deprecated`, () => {
		deprecatedNaming(name);
	});
}
rows("x-octokit PARAMETER changes: codeScanning.getAlert alert_id → alert_number", () => {
	assert.equal(must("codeScanning.getAlert").d.renamedParameters, { alert_id: "alert_number" });
});
rows("repos.downloadArchive keeps its {archive_format} route, deprecated for the tarball/zipball methods", () => {
	assert.is(must("repos.downloadArchive").route, "GET /repos/{owner}/{repo}/{archive_format}/{ref}");
	deprecatedNaming("repos.downloadArchive", "repos.downloadZipballArchive");
});
rows("mapToData methods take the named parameter as the raw body", () => {
	assert.is(must("repos.addStatusCheckContexts").d.mapToData, "contexts");
	assert.is(must("repos.setAppAccessRestrictions").d.mapToData, "apps");
});

rows.run();
