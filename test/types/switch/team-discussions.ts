// Team discussions, which octokit 22 still has though GitHub's description dropped them.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function announce(org: string, team_slug: string, title: string, body: string) {
	const { data: discussion } = await octokit.rest.teams.createDiscussionInOrg({ org, team_slug, title, body });
	await octokit.rest.reactions.createForTeamDiscussionInOrg({ org, team_slug, discussion_number: discussion.number, content: "rocket" });
	const { data: comments } = await octokit.rest.teams.listDiscussionCommentsInOrg({ org, team_slug, discussion_number: discussion.number });
	return comments.map((comment) => comment.body);
}

export async function billing(org: string): Promise<number> {
	const { data } = await octokit.rest.billing.getGithubActionsBillingOrg({ org });
	return data.total_minutes_used;
}
