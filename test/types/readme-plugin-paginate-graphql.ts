// @octokit/plugin-paginate-graphql's README examples
// (node_modules/@octokit/plugin-paginate-graphql/README.md), as written there but for the
// response types the TypeScript example leaves to the reader. Compiled as it is against
// @octokit/core by test/types/tsconfig.json, and by test/octokit-readme-types.test.js against
// both Hublet entries with only the module name below changed.
import { Octokit } from "@octokit/core";
import { paginateGraphQL, type PageInfoForward } from "@octokit/plugin-paginate-graphql";

type RepositoryIssueResponseType = { repository: { issues: { nodes: { title: string }[]; pageInfo: PageInfoForward } } };

const MyOctokit = Octokit.plugin(paginateGraphQL);
const octokit = new MyOctokit({ auth: "secret123" });

export async function examples() {
	const { repository } = await octokit.graphql.paginate<RepositoryIssueResponseType>(
		`query paginate($cursor: String) {
    repository(owner: "octokit", name: "rest.js") {
      issues(first: 10, after: $cursor) {
        nodes {
          title
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }`,
	);

	console.log(`Found ${repository.issues.nodes.length} issues!`);

	const pageIterator = octokit.graphql.paginate.iterator<RepositoryIssueResponseType>(
		`query paginate($cursor: String) {
    repository(owner: "octokit", name: "rest.js") {
      issues(first: 10, after: $cursor) {
        nodes {
          title
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }`,
	);

	for await (const response of pageIterator) {
		const issues = response.repository.issues;
		console.log(`${issues.nodes.length} issues found.`);
	}

	await octokit.graphql.paginate(
		`
      query paginate($cursor: String, $organization: String!) {
        repository(owner: $organization, name: "rest.js") {
          issues(first: 10, after: $cursor) {
            nodes {
              title
            }
            pageInfo {
              hasNextPage
              endCursor
            }
          }
        }
      }
    `,
		{
			organization: "octokit",
			cursor: "initialValue",
		},
	);

	await octokit.graphql.paginate<RepositoryIssueResponseType>(`{
      repository(owner: "octokit", name: "rest.js") {
        issues(first: 10, after: $cursor) {
          nodes {
            title
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }`);
}
