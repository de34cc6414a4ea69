/*
What the `hublet` command (bin/) reads from the library, built as dist/command-line.js: the URL
template parser, so that a path typed on the command line is read as the client reads a route;
the edit distance, so that a mistyped name is measured as a mistyped option is; and where a
GitHub Enterprise Server answers GraphQL, as `client.graphql` sends it. None is an entry of the
package's API.
*/
export { colonsToBraces, extractUrlVariableNames } from "./endpoint/url-template.js";
export { distance } from "./common/spelling.js";
export { ghesGraphqlUrl } from "./graphql/url.js";
