/**
 * The error-log fields of a server error: its name, message and stack, and
 * the file and line of the frame that threw. An error that wraps a cause (a
 * storage failure behind a 502) is described by its cause.
 */
export interface ErrorFacts {
  exceptionName: string;
  message: string;
  stackTrace: string | null;
  fileName: string | null;
  lineNumber: number | null;
}

const FRAME = /\n\s+at (?:[^\n]*? \()?([^\n()]+?):(\d+):\d+\)?/;

export function errorFactsOf(error: unknown, status: number): ErrorFacts {
  const described = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(described instanceof Error)) {
    return {
      exceptionName: `HTTP ${status}`,
      message: error === undefined ? `answered ${status}` : String(error),
      stackTrace: null,
      fileName: null,
      lineNumber: null,
    };
  }
  const stack = described.stack ?? null;
  const frame = stack ? FRAME.exec(stack) : null;
  const code = (described as { code?: unknown }).code;
  return {
    exceptionName: typeof code === 'string' ? `${described.name} ${code}` : described.name,
    message: described.message,
    stackTrace: stack,
    fileName: frame?.[1] ?? null,
    lineNumber: frame ? Number(frame[2]) : null,
  };
}
