import type { CreateUserBody, CreateWorkspaceBody } from "@tributary/api";
import { slugify } from "../domain/slug.js";
import { ApiError } from "../errors.js";
import { nowSeconds, type Services } from "../services.js";
import type { UserRecord, WorkspaceRecord } from "../store/records.js";

/** Daily credits of a new workspace unless told otherwise. */
export const DEFAULT_DAILY_CREDITS = 1000;

/** Account changes run one at a time: uniqueness checks and the insert relying on them. */
const ACCOUNTS_LOCK = "accounts";

/** Creates a user with an API key (the given one, or a new random one). */
export function createUser(services: Services, body: CreateUserBody): Promise<{ user: UserRecord; apiKey: string }> {
  return services.locks.run(ACCOUNTS_LOCK, () => insertUser(services, body));
}

async function insertUser(services: Services, body: CreateUserBody): Promise<{ user: UserRecord; apiKey: string }> {
  const id = services.newId("user");
  const username = body.username ?? `user-${id.slice(2, 10).toLowerCase()}`;
  if (await services.store.users.byUsername(username)) {
    throw new ApiError("conflict", `The username ${JSON.stringify(username)} is taken; choose another.`, "username");
  }
  const apiKey = body.api_key ?? services.newSecret();
  if (await services.store.users.apiKeyTaken(apiKey)) {
    throw new ApiError("conflict", "That api_key belongs to another user; choose another or leave it out.", "api_key");
  }
  const user: UserRecord = {
    id,
    username,
    email: body.email ?? `${username}@example.com`,
    plan: body.plan ?? "free",
    created_at: nowSeconds(services),
  };
  await services.store.users.insert(user, apiKey);
  return { user, apiKey };
}

/** Creates a workspace whose members are existing users; its orgname is a unique slug of the name. */
export function createWorkspace(services: Services, body: CreateWorkspaceBody): Promise<WorkspaceRecord> {
  return services.locks.run(ACCOUNTS_LOCK, () => insertWorkspace(services, body));
}

async function insertWorkspace(services: Services, body: CreateWorkspaceBody): Promise<WorkspaceRecord> {
  for (const member of body.members) {
    if (!(await services.store.users.get(member))) {
      throw new ApiError(
        "invalid_request",
        `members names ${member}, which is not a user; create it first.`,
        "members",
      );
    }
  }
  const base = slugify(body.name);
  let orgname = base;
  for (let n = 1; await services.store.workspaces.orgnameTaken(orgname); n++) orgname = `${base}-${n}`;
  const workspace: WorkspaceRecord = {
    id: services.newId("workspace"),
    orgname,
    name: body.name,
    email: body.email ?? `${orgname}@example.com`,
    daily_credits_quota: body.daily_credits_quota ?? DEFAULT_DAILY_CREDITS,
    daily_credits_used: 0,
    members: [...new Set(body.members)],
    created_at: nowSeconds(services),
  };
  await services.store.workspaces.insert(workspace);
  return workspace;
}
