// `gh api` habits: a parameter written as an option (`--owner=o`, `--state open`) is a usage
// error, as any unknown option is, whose hint says how hublet takes it: "parameters are
// name=value: owner=o". Only names the call takes get the hint; nothing is sent.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

const api = createApiServer();
const flags = suite("hublet with --name=value");
flags.before(api.start);
flags.after(api.stop);

const run = (args) => runCli(args, { env: { GITHUB_API_URL: api.baseUrl } });

for (const [args, option, hint] of [
	[["repos.get", "--owner=o", "--repo=r"], "--owner", "owner=o repo=r"],
	[["repos.get", "--owner", "o", "repo=r"], "--owner", "owner=o"],
	[["issues.listForRepo", "owner=o", "repo=r", "--state=closed", "--per_page", "5"], "--state", "state=closed per_page=5"],
	[["issues.create", "owner=o", "repo=r", "--title", "It's a bug"], "--title", "'title=It'\\''s a bug'"],
	[["GET", "/repos/o/r/issues", "--labels=bug"], "--labels", "labels=bug"],
	[["GET", "/things/{thing}", "--thing=1"], "--thing", "thing=1"],
]) {
	flags(`hublet ${args.join(" ")}: exit 2, "parameters are name=value: ${hint}"`, async () => {
		const { code, stdout, stderr } = await run(args);
		assert.is(code, 2);
		assert.is(stdout, "");
		assert.is(stderr, `hublet: unknown option ${option}\nparameters are name=value: ${hint}\n`);
		assert.is(api.requests.length, 0);
	});
}

flags("a name the call does not take, or no call at all, gets the closest option instead", async () => {
	const unknownName = await run(["repos.get", "--ownr=o"]);
	assert.is(unknownName.code, 2);
	assert.is(unknownName.stderr, "hublet: unknown option --ownr\n");
	const typo = await run(["repos.get", "owner=o", "repo=r", "--paginat"]);
	assert.is(typo.stderr, "hublet: unknown option --paginat (did you mean --paginate?)\n");
	const noCall = await run(["--owner=o"]);
	assert.is(noCall.code, 2);
	assert.not.match(noCall.stderr, /parameters are/);
	assert.is(api.requests.length, 0);
});

flags.run();
