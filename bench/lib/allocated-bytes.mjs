// Bytes a stretch of code allocates on the V8 heap: the heap's used size after it minus before, plus
// what every garbage collection in between freed (v8.GCProfiler reports each collection's heap
// statistics before and after). Objects that die young are counted too, which is what sizes the
// young generation and so the process's RSS under load.
import v8 from "node:v8";

/** Starts counting; `stop()` returns the bytes allocated since. */
export function allocatedBytes() {
  const profiler = new v8.GCProfiler();
  const start = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return {
    stop() {
      const end = v8.getHeapStatistics().used_heap_size;
      const { statistics } = profiler.stop();
      let freed = 0;
      for (const gc of statistics)
        freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
      return end - start + freed;
    },
  };
}
