// @vitest-environment node
// The root entry holds what a host uses (the rule is written at the top of src/index.ts); every name
// it exports, with its declaration, is in api/react-mcp-elicitation.api.md, which CI compares with the
// built package (`node scripts/api-report.mjs --check`), so each change to the surface is reviewed there.
import { describe, expect, it, vi } from "vitest";

describe("the public surface", () => {
  it("what a host uses is at the root; internals are in /core only", async () => {
    const root = await import("../../src/index");
    const core = await import("../../src/core/index");
    for (const name of ["ElicitationDialog", "ElicitationDialogParts", "ElicitationDialogRoot", "ElicitationDialogBody", "useElicitationAnswer", "ElicitationForm", "useElicitationForm", "createElicitationQueue", "ElicitationOutlet", "parseElicitationSchema", "validateElicitationContent", "preloadValidation", "setValidationEngine", "defaultMessages", "ElicitationSchemaError"]) {
      expect(root).toHaveProperty(name);
    }
    // The dialog's and the attention signals' parts: each by its own name, the same as in their object.
    expect(root.ElicitationDialogRoot).toBe(root.ElicitationDialogParts.Root);
    expect(root.useElicitationAnswer).toBe(root.ElicitationDialogParts.useAnswer);
    expect(root.ElicitationAttentionSignals).toBe(root.ElicitationAttention.Signals);
    expect(root.ElicitationAttentionChip).toBe(root.ElicitationAttention.Chip);
    expect(root.useElicitationAttention).toBe(root.ElicitationAttention.useAttention);
    for (const name of ["compileAjvValidator", "compileEvalFreeValidator", "compileContentValidator", "buildContent", "initialFormValues", "localInputToRfc3339", "resolveElicitationLimits", "loadContentValidator"]) {
      expect(root).not.toHaveProperty(name);
      expect(core).toHaveProperty(name);
    }
  });
});

describe("the root entry's size", () => {
  it("holds at most 29 runtime names besides the dialog's and the attention's parts", async () => {
    const root: Record<string, unknown> = await import("../../src/index");
    const { ElicitationDialogParts, ElicitationAttention } = await import("../../src/index");
    // The parts' components, exported by their own names as well as in their objects.
    const parts = new Set([...Object.entries(ElicitationDialogParts), ...Object.entries(ElicitationAttention)].filter(([key]) => /^[A-Z]/.test(key)).map(([, part]) => part));
    const own = Object.keys(root).filter((name) => !parts.has(root[name] as never));
    expect(parts.size).toBe(9);
    expect(own.length).toBeLessThanOrEqual(29);
  });
});

describe("/client without React", () => {
  it("the queue and the relay's connection load and run with React and react-dom unreachable", async () => {
    vi.resetModules();
    vi.doMock("react", () => {
      throw new Error("react was imported from /client");
    });
    vi.doMock("react-dom", () => {
      throw new Error("react-dom was imported from /client");
    });
    try {
      const client = await import("../../src/client/index");
      expect(Object.keys(client).sort()).toEqual([
        "ElicitationAnswerRefused",
        "ElicitationQueueError",
        "ElicitationRequestClosed",
        "INVALID_PARAMS",
        "REQUEST_REFUSED",
        "answerInputRequests",
        "connectElicitationRelay",
        "createElicitationQueue",
      ]);
      const queue = client.createElicitationQueue();
      const answer = queue.request({ serverName: "Server", params: { message: "Age?", requestedSchema: { type: "object", properties: { age: { type: "integer" } } } } });
      await vi.waitFor(() => expect(queue.getSnapshot().current).toBeDefined());
      expect(queue.respond(queue.getSnapshot().current!.id, { action: "decline" })).toBe(true);
      expect(await answer).toEqual({ action: "decline" });
      // A connection whose relay cannot be reached reports it and keeps nothing open once closed.
      const errors: string[] = [];
      const connection = client.connectElicitationRelay({ url: "http://127.0.0.1:9/relay", queue, fetch: () => Promise.reject(new TypeError("offline")), onError: (error) => errors.push(error.code) });
      await vi.waitFor(() => expect(errors).toContain("connection-lost"));
      connection.close();
    } finally {
      vi.doUnmock("react");
      vi.doUnmock("react-dom");
    }
  });
});

describe("/core without React", () => {
  const schema = {
    type: "object",
    properties: {
      name: { type: "string", title: "Name", pattern: "^[a-z]+$" },
      when: { type: "string", format: "date-time" },
      age: { type: "integer", minimum: 18 },
    },
    required: ["name"],
  };
  type Core = typeof import("../../src/core/index");
  /** One real use of each name /core exports, as a server would make it. A new export needs a line here. */
  const uses: Record<string, (core: Core) => unknown> = {
    ElicitationSchemaError: (core) => expect(new core.ElicitationSchemaError("/x", "bad").code).toBe(-32602),
    parseElicitationSchema: (core) => expect(core.parseElicitationSchema(schema)).toMatchObject({ ok: true }),
    fileInputs: (core) => expect(core.parseElicitationSchema({ type: "object", properties: {} }, { fileInputs: core.fileInputs })).toMatchObject({ ok: true }),
    parseElicitationRequest: (core) => expect(core.parseElicitationRequest({ message: "Hi", requestedSchema: schema })).toMatchObject({ ok: true }),
    prepareElicitationRequest: (core) => expect(core.prepareElicitationRequest({ message: "Hi", requestedSchema: schema })).toMatchObject({ ok: true }),
    checkPatternSyntax: (core) => expect(core.checkPatternSyntax("^[a-z]+$")).toBeUndefined(),
    validateElicitationContent: (core) => expect(core.validateElicitationContent(schema, { name: "ada" })).toMatchObject({ valid: true }),
    compileContentValidator: (core) => expect(core.compileContentValidator(schema).validate({ name: "Ada" })).not.toEqual([]),
    compileAjvValidator: (core) => expect(core.compileAjvValidator(schema).validate({ name: "Ada" })).not.toEqual([]),
    compileEvalFreeValidator: (core) => expect(core.compileEvalFreeValidator(schema).validate({ name: "Ada" })).not.toEqual([]),
    canCompileCode: (core) => expect(core.canCompileCode()).toBe(true),
    detectedValidationEngine: (core) => expect(["ajv", "eval-free", undefined]).toContain(core.detectedValidationEngine()),
    resolveValidationEngine: (core) => expect(core.resolveValidationEngine("eval-free")).toBe("eval-free"),
    setValidationEngine: (core) => core.setValidationEngine("auto"),
    loadContentValidator: async (core) => {
      const parsed = core.parseElicitationSchema(schema);
      if (!parsed.ok) throw parsed.error;
      const check = await core.loadContentValidator(parsed.schema);
      expect(await check({ name: "ada" })).toMatchObject({ valid: true });
    },
    preloadValidation: (core) => core.preloadValidation({ engine: "eval-free" }),
    defaultElicitationLimits: (core) => expect(core.defaultElicitationLimits.maxProperties).toBeGreaterThan(0),
    resolveElicitationLimits: (core) => expect(core.resolveElicitationLimits({ maxProperties: 3 }).maxProperties).toBe(3),
    detectSensitiveField: (core) => expect(core.detectSensitiveField({ key: "password" })).toBeDefined(),
    detectSensitiveText: (core) => expect(core.detectSensitiveText("API key")).toBeDefined(),
    defaultValidationMessages: (core) => expect(typeof core.defaultValidationMessages.required).toBe("function"),
    describeValidationIssue: (core) => expect(core.describeValidationIssue({ code: "required", params: {} }, "Name")).toMatch(/required/),
    localInputToRfc3339: (core) => expect(core.localInputToRfc3339("2025-01-01T12:00")).toMatch(/^2025-01-01T12:00:00/),
    rfc3339ToLocalInput: (core) => expect(core.rfc3339ToLocalInput("2025-01-01T12:00:00Z")).toMatch(/^2025-01-01T/),
    buildContent: (core) => expect(core.buildContent([], {})).toEqual({ content: {}, issues: [] }),
    fieldName: (core) => {
      const parsed = core.parseElicitationSchema(schema);
      if (!parsed.ok) throw parsed.error;
      expect(core.fieldName(parsed.schema.fields[0]!)).toBe("f0");
    },
    initialFormValues: (core) => expect(core.initialFormValues([])).toEqual({}),
    validateFormValues: (core) => {
      const parsed = core.parseElicitationSchema(schema);
      if (!parsed.ok) throw parsed.error;
      expect(core.validateFormValues(parsed.schema, { f0: "ada" }).errors).toEqual({});
    },
    inspectElicitationUrl: (core) => expect(core.inspectElicitationUrl("https://example.com/a")).toMatchObject({ openable: true, domain: "example.com", warnings: [] }),
    toUnicodeHostname: (core) => expect(core.toUnicodeHostname("xn--bcher-kva.example")).toBe("bücher.example"),
  };

  it("every name /core exports is usable with React and react-dom unreachable", async () => {
    // "/core" is for servers and SSR: reaching React or react-dom from any of its modules, loaded at
    // once or on demand, fails here. Fresh modules, since the setup file loaded parts of /core beside React.
    vi.resetModules();
    vi.doMock("react", () => {
      throw new Error("react was imported from /core");
    });
    vi.doMock("react-dom", () => {
      throw new Error("react-dom was imported from /core");
    });
    try {
      const core = await import("../../src/core/index");
      expect(Object.keys(core).filter((name) => !(name in uses))).toEqual([]);
      for (const name of Object.keys(core)) {
        await Promise.resolve().then(() => uses[name]!(core)).catch((error: unknown) => {
          throw new Error(`${name}: ${String(error)}`);
        });
      }
    } finally {
      vi.doUnmock("react");
      vi.doUnmock("react-dom");
    }
  });
});
