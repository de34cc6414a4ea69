/*
A server's route table, as `@hublet/rest/servers/<name>` exports it (`ghec`, `ghes-3.17`,
`ghes-3.18`, `ghes-3.19`): for `Hublet.withRoutes(table)`, typically with the `serverTables`
feature, in a program that a bundler builds. Its methods are typed loosely (by route), since
Hublet's types are api.github.com's.
@example
```
import { Hublet, paginate, serverTables } from "@hublet/rest/core";
import ghes from "@hublet/rest/servers/ghes-3.18";

const Client = Hublet.plugin(paginate, serverTables).withRoutes(ghes);
const client = new Client({ baseUrl: "https://github.example.com/api/v3", auth: process.env.GITHUB_TOKEN });
await client.rest.enterpriseAdmin.listGlobalWebhooks();
```
@module
*/
import type { ServerRouteTable } from "./routes.js";

declare const table: ServerRouteTable;
export default table;
