// The command's client class: the full client, and each feature that the full client leaves for a
// program to add and that the command uses: route search (for `describe`, `find`, a path typed as a
// method), the cache and shared rate limits (HUBLET_REDIS_URL), the `auth` forms a variable may
// hold ("basic …"), proxies from HTTPS_PROXY and NO_PROXY, and the servers' tables (--server).
// findRoutes comes before serverTables, which points it at the server's table.
import { Hublet, cache, findRoutes, legacyAuth, proxy, rateLimit, serverTables } from "@hublet/rest";

export const CommandHublet = Hublet.plugin(findRoutes, cache, rateLimit, legacyAuth, proxy, serverTables);
