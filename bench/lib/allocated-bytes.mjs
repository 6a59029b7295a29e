// Bytes a stretch of code allocates on the V8 heap: the heap's used size after it minus before, plus
// what every garbage collection in between freed (v8.GCProfiler reports each collection's heap
// statistics before and after). Objects that die young are counted too, which is what sizes the
// young generation and so the process's RSS under load.
// Also the bytes that outlived their young generation: the old generation's growth across each
// scavenge (what the scavenge promoted into it). Steadily above zero, it is what grows the old
// generation between full collections (issue 19; docs/performance.md, "Memory").
import v8 from "node:v8";

const oldSpaceUsed = (stats) => stats.heapSpaceStatistics.find((s) => s.spaceName === "old_space")?.spaceUsedSize ?? 0;

/** Starts counting; `stop()` returns the bytes allocated since, `promoted()` those scavenges promoted. */
export function allocatedBytes() {
  const profiler = new v8.GCProfiler();
  const start = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  let statistics = [];
  return {
    stop() {
      const end = v8.getHeapStatistics().used_heap_size;
      ({ statistics } = profiler.stop());
      let freed = 0;
      for (const gc of statistics)
        freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
      return end - start + freed;
    },
    /** After `stop()`: the bytes promoted by the scavenges in between, and how many there were. */
    promoted() {
      const scavenges = statistics.filter((gc) => gc.gcType === "Scavenge");
      let bytes = 0;
      for (const gc of scavenges) bytes += Math.max(0, oldSpaceUsed(gc.afterGC) - oldSpaceUsed(gc.beforeGC));
      return { bytes, scavenges: scavenges.length };
    },
  };
}
