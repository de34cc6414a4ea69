// Compile-only: the server option, the serverTables feature and a server's table from
// @hublet/rest/servers/<name>, as a consumer writes them.
import { Hublet, RequestError } from "@hublet/rest";
import { Hublet as Core, paginate, serverTables } from "@hublet/rest/core";
import ghes from "@hublet/rest/servers/ghes-3.18";
import type { RequestErrorCode, ServerRouteTable } from "@hublet/rest";

new Hublet({ baseUrl: "https://github.example.com/api/v3", server: "ghes-3.18" });
new Hublet({ server: "auto" });
new Hublet({ server: "ghec" });
new Hublet({ server: "api.github.com" });
// @ts-expect-error a server is "auto", "api.github.com", "ghec" or "ghes-<major>.<minor>"
new Hublet({ server: "github.example.com" });

const table: ServerRouteTable = ghes;
const name: string = table.server;

// On /core, the feature and the table: the methods the server has.
const Client = Core.plugin(paginate, serverTables).withRoutes(ghes);
const client = new Client({ baseUrl: "https://github.example.com/api/v3" });
client.rest.enterpriseAdmin.listGlobalWebhooks().then((response) => response.status);

// On the full entry, the api.github.com methods keep their types.
const full = new (Hublet.withRoutes(ghes))();
full.rest.repos.get({ owner: "o", repo: "r" }).then(({ data }) => data.full_name.toUpperCase());
const where: string[] | undefined = full.rest.repos.get.availableOn;
// Over the table, a method api.github.com lacks is declared, by its route.
full.rest.enterpriseAdmin.listGlobalWebhooks();
// With the option, the types are the server's (test/types/server-clients.ts has the rest).
new Hublet({ server: "ghes-3.18" }).rest.enterpriseAdmin.listGlobalWebhooks();

const code: RequestErrorCode = "NOT_AVAILABLE";
declare const error: RequestError;
if (error.code === "NOT_AVAILABLE") error.status.toFixed();

export { name, where, code };
