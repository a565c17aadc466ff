// One heap snapshot of the bench page, read into plain nodes, for heapDiff.mjs and heapCompare.mjs.

/**
 * Takes a snapshot after a forced collection and returns every node as { id, type, name, size }
 * (self size). With `props`, plain objects are named by their first `props` property names.
 */
export async function takeHeapSnapshot(cdp, { props = 0 } = {}) {
  const chunks = [];
  const onChunk = ({ chunk }) => chunks.push(chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  cdp.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  const { snapshot: { meta }, nodes, edges, strings } = JSON.parse(chunks.join(""));
  const fields = meta.node_fields;
  const width = fields.length;
  const [typeAt, nameAt, idAt, sizeAt, countAt] = ["type", "name", "id", "self_size", "edge_count"].map((f) => fields.indexOf(f));
  const types = meta.node_types[typeAt];
  const edgeWidth = meta.edge_fields.length;
  const [edgeTypeAt, edgeNameAt] = ["type", "name_or_index"].map((f) => meta.edge_fields.indexOf(f));
  const edgeTypes = meta.edge_types[edgeTypeAt];
  const out = [];
  let edge = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const names = [];
    for (let e = 0; e < nodes[i + countAt]; e++, edge += edgeWidth) {
      if (props > 0 && type === "object" && edgeTypes[edges[edge + edgeTypeAt]] === "property") names.push(strings[edges[edge + edgeNameAt]]);
    }
    const name = strings[nodes[i + nameAt]];
    out.push({ id: nodes[i + idAt], type, name: props > 0 && name === "Object" ? `{${names.slice(0, props).join(",")}}` : name, size: nodes[i + sizeAt] });
  }
  return out;
}
