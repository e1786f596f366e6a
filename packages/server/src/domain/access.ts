import { ApiError, notFound } from "../errors.js";
import type { Services } from "../services.js";
import type { UserRecord, WorkspaceRecord } from "../store/records.js";

/** The authenticated user and the owners whose resources it may reach. */
export interface Actor {
  user: UserRecord;
  /** The workspaces the user belongs to. */
  workspaces: readonly WorkspaceRecord[];
  /** The user's own id and the ids of its workspaces. */
  owners: ReadonlySet<string>;
}

/** The actor of a request; `owners` is worked out when first read, as many requests never need it. */
export class RequestActor implements Actor {
  #owners: ReadonlySet<string> | undefined;
  constructor(
    readonly user: UserRecord,
    readonly workspaces: readonly WorkspaceRecord[],
  ) {}

  get owners(): ReadonlySet<string> {
    this.#owners ??= new Set([this.user.id, ...this.workspaces.map((workspace) => workspace.id)]);
    return this.#owners;
  }
}

/** A workspace the actor belongs to; 404 otherwise, as for one that does not exist. */
export async function memberWorkspace(services: Services, actor: Actor, id: string): Promise<WorkspaceRecord> {
  const workspace = actor.owners.has(id) ? await services.store.workspaces.get(id) : undefined;
  if (!workspace) throw notFound("workspace", id);
  return workspace;
}

/**
 * The owner of a resource being created: the workspace named by `org_id` (or `workspace_id`),
 * which the actor must belong to, or else the actor itself.
 */
export async function ownerFor(
  services: Services,
  actor: Actor,
  params: { org_id?: string | undefined; workspace_id?: string | undefined },
): Promise<string> {
  const { org_id, workspace_id } = params;
  if (org_id && workspace_id && org_id !== workspace_id) {
    throw new ApiError(
      "invalid_request",
      "org_id and workspace_id name different workspaces; pass one of them.",
      "workspace_id",
    );
  }
  const workspace = org_id ?? workspace_id;
  if (!workspace) return actor.user.id;
  await memberWorkspace(services, actor, workspace);
  return workspace;
}
