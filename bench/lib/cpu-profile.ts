/** A node of a CDP CPU profile (`Profiler.stop`), the fields the profile scripts read. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** A CDP CPU profile (`Profiler.stop`'s `profile`). */
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
