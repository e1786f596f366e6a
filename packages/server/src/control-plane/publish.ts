import { componentRecord, loadComponentCode, REGISTRY_OWNER } from "../domain/components.js";
import { ApiError } from "../errors.js";
import type { Services } from "../services.js";
import type { ComponentRecord } from "../store/records.js";

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-.]+)?(?:\+[0-9A-Za-z-.]+)?$/;

/**
 * Publishes a component to the global registry. It needs a `key` and a semantic `version`;
 * publishing a key again with a new version replaces it, and with the same version is a 409.
 */
export async function publishComponent(services: Services, code: string): Promise<ComponentRecord> {
  const { meta } = await loadComponentCode(services, REGISTRY_OWNER, { component_code: code });
  if (!meta.key) {
    throw new ApiError(
      "invalid_request",
      "Registry components need a `key`, unique across the registry.",
      "component_code",
    );
  }
  if (!SEMVER.test(meta.version)) {
    throw new ApiError(
      "invalid_request",
      `Registry components need a semantic version such as 1.2.3; ${JSON.stringify(meta.version)} is not one.`,
      "component_code",
    );
  }
  const key = meta.key;
  return services.locks.run(`registry:${key}`, async () => {
    const current = await services.store.registry.get(key);
    if (current?.version === meta.version) {
      throw new ApiError(
        "conflict",
        `${key}@${meta.version} is already published; bump the version to publish new code.`,
        "component_code",
      );
    }
    const record = componentRecord(services, REGISTRY_OWNER, code, meta, undefined);
    await services.store.registry.publish(record);
    return record;
  });
}
