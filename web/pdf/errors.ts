/** What went wrong opening a document (seed §8), each with its own message. */
export type LoadErrorKind = "invalid" | "missing" | "unexpected" | "unknown";

/** Sorts pdf.js's exceptions (matched by name: they cross the worker boundary) into our kinds. */
export function classifyLoadError(error: unknown): LoadErrorKind {
  const { name, missing, status } = (error ?? {}) as {
    name?: string;
    missing?: boolean;
    status?: number;
  };
  if (name === "InvalidPDFException") return "invalid";
  if (name === "ResponseException" || name === "MissingPDFException") {
    return missing || status === 404 || name === "MissingPDFException" ? "missing" : "unexpected";
  }
  if (name === "UnexpectedResponseException") return "unexpected";
  return "unknown";
}
