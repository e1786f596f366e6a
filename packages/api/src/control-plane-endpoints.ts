import { z } from "zod";
import type { Endpoint } from "./endpoints.js";
import { Component } from "./schemas/component.js";
import { CreatedUser, CreateUserBody, CreateWorkspaceBody, PublishComponentBody } from "./schemas/control-plane.js";
import { dataEnvelope } from "./schemas/envelope.js";
import { Workspace } from "./schemas/user.js";

/** The reference server's own endpoints under /_tributary: accounts, registry, reset. */
export const controlPlaneEndpoints: readonly Endpoint[] = [
  {
    operationId: "health",
    method: "get",
    path: "/_tributary/health",
    base: "control",
    summary: "Liveness of the reference server",
    tag: "Control plane",
    auth: "none",
    success: {
      status: 200,
      description: "Alive",
      schema: dataEnvelope(z.object({ status: z.literal("ok") })),
    },
  },
  {
    operationId: "controlCreateUser",
    method: "post",
    path: "/_tributary/users",
    base: "control",
    summary: "Create a user and its API key",
    tag: "Control plane",
    auth: "admin_token",
    body: CreateUserBody,
    success: { status: 201, description: "The user and its key", schema: dataEnvelope(CreatedUser) },
  },
  {
    operationId: "controlCreateWorkspace",
    method: "post",
    path: "/_tributary/workspaces",
    base: "control",
    summary: "Create a workspace with members",
    tag: "Control plane",
    auth: "admin_token",
    body: CreateWorkspaceBody,
    success: { status: 201, description: "The workspace", schema: dataEnvelope(Workspace) },
  },
  {
    operationId: "controlPublishComponent",
    method: "post",
    path: "/_tributary/registry",
    base: "control",
    summary: "Publish a component to the global registry",
    tag: "Control plane",
    auth: "admin_token",
    body: PublishComponentBody,
    success: { status: 201, description: "The published component", schema: dataEnvelope(Component) },
  },
  {
    operationId: "controlReset",
    method: "post",
    path: "/_tributary/reset",
    base: "control",
    summary: "Forget everything but the seeded demo account",
    tag: "Control plane",
    auth: "admin_token",
    success: { status: 204, description: "Reset" },
  },
];
