import { describe, expect, it } from "vitest";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";
import { createKeptValues } from "../../../src/core/values/createKeptValues";

const parsed = parseElicitationSchema({
  type: "object",
  properties: { user: { type: "string" }, pin: { type: "string" } },
});
if (!parsed.ok) throw parsed.error;
const { fields } = parsed.schema;

describe("values kept per server and form (drafts, last answers)", () => {
  it("hands out copies, so changing what was given or taken never changes what is kept", () => {
    const kept = createKeptValues(5);
    const values = { f0: "ada", tags: ["a"] };
    kept.set("srv", "form", values, []);
    values.tags.push("b");
    const first = kept.get("srv", "form")!;
    (first.tags as string[]).push("c");
    expect(kept.get("srv", "form")).toEqual({ f0: "ada", tags: ["a"] });
  });

  it("never keeps a field flagged sensitive, and with dropEmpty keeps nothing when nothing else is left", () => {
    const sensitive = fields.map((field, i) => (i === 1 ? { ...field, sensitive: "password" as const } : field));
    const kept = createKeptValues(5);
    kept.set("srv", "a", { f0: "ada", f1: "hunter2" }, sensitive);
    expect(kept.get("srv", "a")).toEqual({ f0: "ada" });
    kept.set("srv", "b", { f1: "hunter2" }, sensitive, true);
    expect(kept.get("srv", "b")).toBeUndefined();
    kept.set("srv", "c", { f1: "hunter2" }, sensitive);
    expect(kept.get("srv", "c")).toEqual({});
  });

  it("keeps servers apart even when names and keys run together, and forgets one server only", () => {
    const kept = createKeptValues(5);
    kept.set("ab", "c", { f0: "first" }, []);
    kept.set("a", "bc", { f0: "second" }, []);
    expect(kept.get("ab", "c")).toEqual({ f0: "first" });
    kept.forgetServer("ab");
    expect(kept.get("ab", "c")).toBeUndefined();
    expect(kept.get("a", "bc")).toEqual({ f0: "second" });
  });

  it("drops the least recently written entry past its bound", () => {
    const kept = createKeptValues(2);
    kept.set("srv", "1", { f0: "1" }, []);
    kept.set("srv", "2", { f0: "2" }, []);
    kept.set("srv", "1", { f0: "11" }, []);
    kept.set("srv", "3", { f0: "3" }, []);
    expect(kept.size).toBe(2);
    expect(kept.get("srv", "2")).toBeUndefined();
    expect(kept.records().map((record) => record.key)).toEqual(["1", "3"]);
  });
});
