// GitHub Enterprise Server serves GraphQL at /api/graphql, beside the REST root /api/v3.
const GHES_V3_SUFFIX = /\/api\/v3\/?$/;

/**
The GraphQL endpoint of a GitHub Enterprise Server whose REST root is `baseUrl`, or `undefined`
where it is the default `/graphql`.
*/
export const ghesGraphqlUrl = (baseUrl: string): string | undefined =>
	GHES_V3_SUFFIX.test(baseUrl) ? baseUrl.replace(GHES_V3_SUFFIX, "/api/graphql") : undefined;
