// @vitest-environment node
// File inputs (draft SEP-2356): parsed only with the host's opt-in, malformed annotations refused
// with the path, and what the form sends accepted by both of the MCP SDK's server validators.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptsFile } from "../../../src/core/request/fileAccept";
import { fileInputs } from "../../../src/core/request/fileInputs";
import { defaultElicitationLimits } from "../../../src/core/request/limits";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";
import { prepareElicitationRequest } from "../../../src/core/request/prepareElicitationRequest";
import type { FileFieldDescriptor } from "../../../src/core/types";
import { validateElicitationContent } from "../../../src/core/validation/validateElicitationContent";
import { checkFileValue } from "../../../src/core/validation/checkFileValue";
import { dataUriByteLength, parseDataUri } from "../../../src/core/values/dataUri";
import { isBase64, plainDataUriHeader } from "../../../src/core/values/fileDataUri";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";

const schemaWith = (property: Record<string, unknown>, required = true) => ({
  type: "object",
  properties: { report: property },
  ...(required && { required: ["report"] }),
});
const fileProperty = (file: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type: "string",
  format: "uri",
  title: "Report",
  "x-mcp-file": file,
  ...extra,
});
const base64 = (bytes: number) => Buffer.alloc(bytes, 0x5a).toString("base64");
const dataUri = (type: string, name: string, bytes: number) => `data:${type};name=${encodeURIComponent(name)};base64,${base64(bytes)}`;

const sdkValidators = [new AjvJsonSchemaValidator(), new CfWorkerJsonSchemaValidator()];
/** What the SDK's server side says of `content` under the server's own raw schema. */
function serverVerdicts(schema: Record<string, unknown>, content: Record<string, unknown>): boolean[] {
  return sdkValidators.map((validator) => validator.getValidator(schema as never)(content).valid);
}

describe("parsing x-mcp-file", () => {
  it("is a URL field without the opt-in, whatever the annotation holds", () => {
    const result = parseElicitationSchema(schemaWith(fileProperty({ accept: "image/png", maxSize: -1 }, { default: "x" })));
    expect(result.ok && result.schema.fields[0]).toMatchObject({ kind: "text", format: "uri", default: "x" });
  });

  it("is a file field with the opt-in, with accept, maxSize and the host's bound", () => {
    const result = parseElicitationSchema(schemaWith(fileProperty({ accept: ["image/*", ".pdf"], maxSize: 2_000_000 })), {
      fileInputs,
    });
    expect(result.ok).toBe(true);
    const field = result.ok ? (result.schema.fields[0] as FileFieldDescriptor) : undefined;
    expect(field).toMatchObject({ kind: "file", format: "uri", accept: ["image/*", ".pdf"], maxSize: 2_000_000, sizeLimit: 2_000_000, required: true });
    // The clean schema the engines compile keeps the server's rules, not the annotation.
    expect(result.ok && result.schema.jsonSchema.properties).toEqual({ report: { type: "string", format: "uri", title: "Report" } });
  });

  it("takes the package's fileInputs value as the opt-in, and tells a host that passes anything else at once", () => {
    const schema = schemaWith(fileProperty());
    expect(parseElicitationSchema(schema, { fileInputs: false })).toMatchObject({ ok: true, schema: { fields: [{ kind: "text" }] } });
    // A look-alike with the same shape is not the opt-in: only the package's own value is.
    const lookAlike = { ...(fileInputs as object) };
    for (const wrong of [true, "yes", {}, { kind: "file-inputs" }, lookAlike, null]) {
      expect(() => parseElicitationSchema(schema, { fileInputs: wrong as never })).toThrow(TypeError);
      expect(() => prepareElicitationRequest({ message: "m", requestedSchema: schema }, { fileInputs: wrong as never })).toThrow(/fileInputs/);
    }
    expect(Object.isFrozen(fileInputs)).toBe(true);
  });

  it("bounds the size by the host's maxFileSize, which defaults to 6 MB", () => {
    expect(defaultElicitationLimits.maxFileSize).toBe(6_000_000);
    const loose = parseElicitationSchema(schemaWith(fileProperty({ maxSize: 1e12 })), { fileInputs });
    expect(loose.ok && loose.schema.fields[0]).toMatchObject({ maxSize: 1e12, sizeLimit: 6_000_000 });
    const none = parseElicitationSchema(schemaWith(fileProperty()), { fileInputs, limits: { maxFileSize: 1000 } });
    expect(none.ok && none.schema.fields[0]).toMatchObject({ sizeLimit: 1000 });
  });

  it.each([
    ["accept is not a list", fileProperty({ accept: "image/png" }), "requestedSchema.properties.report.x-mcp-file.accept"],
    ["an accept entry is not a type or extension", fileProperty({ accept: ["image/png", "pdf"] }), "requestedSchema.properties.report.x-mcp-file.accept.1"],
    ["an accept entry is not a string", fileProperty({ accept: [7] }), "requestedSchema.properties.report.x-mcp-file.accept.0"],
    ["maxSize is negative", fileProperty({ maxSize: -1 }), "requestedSchema.properties.report.x-mcp-file.maxSize"],
    ["maxSize is zero", fileProperty({ maxSize: 0 }), "requestedSchema.properties.report.x-mcp-file.maxSize"],
    ["maxSize is absurd", fileProperty({ maxSize: 1e300 }), "requestedSchema.properties.report.x-mcp-file.maxSize"],
    ["maxSize is not whole", fileProperty({ maxSize: 1.5 }), "requestedSchema.properties.report.x-mcp-file.maxSize"],
    ["maxSize is a string", fileProperty({ maxSize: "1MB" }), "requestedSchema.properties.report.x-mcp-file.maxSize"],
    ["the annotation is not an object", fileProperty(true as never), "requestedSchema.properties.report.x-mcp-file"],
    ["the default is not a data: URI", fileProperty({}, { default: "https://example.com/report.pdf" }), "requestedSchema.properties.report.default"],
    ["the format is not uri", fileProperty({}, { format: "email" }), "requestedSchema.properties.report.format"],
  ])("refuses it when %s, naming the path, and the queue answers -32602", async (_, property, path) => {
    const result = parseElicitationSchema(schemaWith(property), { fileInputs });
    expect(result.ok ? undefined : result.error.path).toBe(path);
    const queue = createElicitationQueue({ fileInputs });
    await expect(
      queue.request({ serverName: "s", params: { message: "m", requestedSchema: schemaWith(property) } }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(path) });
  });

  it("keeps the other limits: a default longer than maxTextLength is refused", () => {
    const result = parseElicitationSchema(schemaWith(fileProperty({}, { default: dataUri("text/plain", "a.txt", 3000) })), { fileInputs });
    expect(result.ok ? undefined : result.error.path).toBe("requestedSchema.properties.report.default");
  });

  it("keeps sensitive-field detection: a key file is flagged, and the decline policy answers for the person", () => {
    const schema = { type: "object", properties: { privateKey: fileProperty({}, { title: "Your SSH private key" }) } };
    const parsed = parseElicitationSchema(schema, { fileInputs });
    expect(parsed.ok && parsed.schema.fields[0]).toMatchObject({ kind: "file", sensitive: expect.any(String) });
    const prepared = prepareElicitationRequest({ message: "m", requestedSchema: schema }, { fileInputs, sensitiveFields: "decline" });
    expect(prepared.ok && prepared.answer).toEqual({ action: "decline" });
  });

  it("prepares the same params apart with and without the opt-in", () => {
    const params = { message: "m", requestedSchema: schemaWith(fileProperty()) };
    const off = prepareElicitationRequest(params);
    const on = prepareElicitationRequest(params, { fileInputs });
    expect(off.ok && off.request.mode === "form" && off.request.schema.fields[0]!.kind).toBe("text");
    expect(on.ok && on.request.mode === "form" && on.request.schema.fields[0]!.kind).toBe("file");
  });
});

describe("checking a file's data: URI", () => {
  const parse = (property: Record<string, unknown>, limits = {}) => {
    const result = parseElicitationSchema(schemaWith(property), { fileInputs, limits });
    if (!result.ok) throw result.error;
    return result.schema;
  };

  it("accepts what the picker sends, and both SDK validators accept it under the server's schema", () => {
    const raw = schemaWith(fileProperty({ accept: ["application/pdf"], maxSize: 100_000 }, { maxLength: 200_000 }));
    const content = { report: dataUri("application/pdf", "Q3 report (final).pdf", 70_000) };
    expect(validateElicitationContent(parse(raw.properties.report), content)).toEqual({ valid: true, content });
    expect(serverVerdicts(raw, content)).toEqual([true, true]);
  });

  it("refuses what is not a data: URI, a type accept leaves out, a file over maxSize, and maxLength", () => {
    const schema = parse(fileProperty({ accept: ["image/*", ".pdf"], maxSize: 1000 }, { maxLength: 1400 }));
    const verdict = (value: string) => {
      const result = validateElicitationContent(schema, { report: value });
      return result.valid ? "valid" : result.errors[0]!.code;
    };
    expect(verdict("https://example.com/a.png")).toBe("format");
    expect(verdict(dataUri("text/plain", "a.txt", 10))).toBe("fileType");
    expect(verdict(dataUri("application/octet-stream", "scan.PDF", 10))).toBe("valid");
    expect(verdict(dataUri("image/png", "a.png", 1001))).toBe("fileSize");
    expect(verdict(dataUri("image/png", "a.png", 1000))).toBe("valid");
    const long = schema.fields[0] as FileFieldDescriptor;
    expect(long.maxLength).toBe(1400);
    expect(verdict(`data:image/png;name=${"n".repeat(200)};base64,${base64(990)}`)).toBe("maxLength");
  });

  it("words file problems in plain language", () => {
    const schema = parse(fileProperty({ accept: ["image/*"], maxSize: 2_500_000 }));
    const tooBig = validateElicitationContent(schema, { report: dataUri("image/png", "a.png", 2_500_001) });
    expect(tooBig.valid ? "" : tooBig.errors[0]!.message).toBe("Choose a file of at most 2.5 MB");
    const wrong = validateElicitationContent(schema, { report: dataUri("text/csv", "a.csv", 1) });
    expect(wrong.valid ? "" : wrong.errors[0]!.message).toBe("Choose a file of an accepted type (image/*)");
  });

  it("agrees with both SDK validators on format: uri, for data: URIs of every shape", () => {
    const schema = parse(fileProperty());
    const raw = schemaWith(fileProperty());
    const body = fc.stringMatching(/^[A-Za-z0-9+/=%?#\[\] "<>^`{|}\\-]{0,24}$/);
    const header = fc.constantFrom("data:", "data:text/plain", "data:image/png;base64", "data:;name=a%20b.txt;base64", "data:a b/c;base64", "data:x/y;name=ü;base64", "data:a#b", "data:a%2;base64");
    fc.assert(
      fc.property(header, body, (head, rest) => {
        const value = `${head},${rest}`;
        const ours = validateElicitationContent(schema, { report: value });
        const oursFormat = ours.valid || ours.errors[0]!.code !== "format";
        expect(oursFormat, value).toBe(serverVerdicts(raw, { report: value }).every(Boolean));
      }),
      { numRuns: 400 },
    );
  });

  it("judges a file the form read by what it learnt reading it, as both SDK validators judge the whole URI", () => {
    // The form never reads a read file's URI again: its header is URI syntax by construction when
    // the MIME type is plain, and the body was checked as base64 piece by piece.
    const raw = schemaWith(fileProperty());
    const field = parse(fileProperty({}, { maxLength: 300 })).fields[0] as FileFieldDescriptor;
    const text = (chars: string) => fc.array(fc.constantFrom(...Array.from(chars)), { maxLength: 8 }).map((each) => each.join(""));
    const odd = "abcXYZ019-._~!$&'*+ /;#%^`|\"<>{}é😀?=:@,";
    fc.assert(
      fc.property(text(odd), text(odd), text(odd), fc.integer({ min: 0, max: 200 }), (type, subtype, name, bytes) => {
        const { header, plain } = plainDataUriHeader(`a${type}/b${subtype}`, name);
        const body = base64(bytes);
        const uri = header + body;
        expect(isBase64(body)).toBe(true);
        const known = { uri, header, info: parseDataUri(header)!, byteLength: bytes, plainHeader: plain, pieces: [body] };
        // What is learnt while reading gives the verdict reading the whole URI gives.
        expect(checkFileValue(field, uri, true, known), uri).toEqual(checkFileValue(field, uri));
        // A header called plain is one both SDK validators accept.
        if (plain) expect(serverVerdicts(raw, { report: uri }), uri).toEqual([true, true]);
      }),
      { numRuns: 600 },
    );
    expect(plainDataUriHeader("", "a b.pdf")).toEqual({ header: "data:application/octet-stream;name=a%20b.pdf;base64,", plain: true });
    expect(plainDataUriHeader("text/plain; charset=utf-8", "a").plain).toBe(false);
  });

  it("reads a data: URI's header and counts its bytes without decoding", () => {
    const value = dataUri("Image/PNG", "photo 1.png", 1234);
    const info = parseDataUri(value)!;
    expect(info).toMatchObject({ type: "image/png", name: "photo 1.png", base64: true });
    expect(dataUriByteLength(value, info)).toBe(1234);
    const plain = "data:,a%20b";
    expect(dataUriByteLength(plain, parseDataUri(plain)!)).toBe(3);
    expect(parseDataUri("data:text/plain;base64")).toBeUndefined();
  });

  it("matches accept by MIME type, wildcard and extension, case-insensitively", () => {
    expect(acceptsFile(["image/*"], { type: "image/webp", name: "a.webp" })).toBe(true);
    expect(acceptsFile(["image/*"], { type: "", name: "a.webp" })).toBe(false);
    expect(acceptsFile([".PDF"], { type: "", name: "x.pdf" })).toBe(true);
    expect(acceptsFile([".pdf"], { type: "application/pdf", name: ".pdf" })).toBe(false);
    expect(acceptsFile(["text/csv"], { type: "text/csv; charset=utf-8", name: "a" })).toBe(true);
    expect(acceptsFile([], { type: "x/y" })).toBe(true);
    expect(acceptsFile(undefined, { type: "x/y" })).toBe(true);
  });
});

describe("the SDK validators' limit on format: uri", () => {
  // Measured: both throw "Maximum call stack size exceeded" on a `format: "uri"` string longer than
  // about 8,388,000 characters (their URI regular expression recurses per character). The default
  // maxFileSize (6 MB, 8,000,000 base64 characters) keeps every answer under it.
  it("accepts the largest file the default limit lets through, and overflows past 8.4 million characters", () => {
    const raw = schemaWith(fileProperty());
    const largest = { report: dataUri("application/octet-stream", "a-long-file-name-for-good-measure.bin", defaultElicitationLimits.maxFileSize) };
    expect(largest.report.length).toBeLessThan(8_388_000);
    expect(serverVerdicts(raw, largest)).toEqual([true, true]);
    const parsed = parseElicitationSchema(raw, { fileInputs });
    if (!parsed.ok) throw parsed.error;
    const started = performance.now();
    expect(validateElicitationContent(parsed.schema, largest).valid).toBe(true);
    // Our own check of the same 8-million-character value stays linear and shallow.
    expect(performance.now() - started).toBeLessThan(1000);
    const over = { report: `data:application/octet-stream;base64,${"A".repeat(8_400_000)}` };
    for (const validator of sdkValidators) expect(() => validator.getValidator(raw as never)(over)).toThrow(RangeError);
  });
});
