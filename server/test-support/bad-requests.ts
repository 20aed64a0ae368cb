/**
 * Requests a careless client or an attacker sends: the wrong body for the route, broken
 * bodies, odd methods, odd characters in the query. Used by the fuzz test (server/fuzz.test.ts,
 * through `inject`) and the memory bench (bench/memory.bench.ts, over real HTTP). Every one of
 * them must get an answer below 500.
 */
export interface BadRequest {
  /** What the request tries, for the failure report. */
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const BOUNDARY = "----vxFuzzBoundary7MA4YWxkTrZu0gW";

/** Bodies sent to every path that takes a method with a body. */
export function badBodies(size: { large: number }): Omit<BadRequest, "method" | "url">[] {
  const multipart = (parts: string) => `--${BOUNDARY}\r\n${parts}`;
  const filePart =
    'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n' +
    "Content-Type: application/pdf\r\n\r\n%PDF-1.4 not really\r\n";
  return [
    { name: "JSON", headers: { "content-type": "application/json" }, body: '{"intent":"save"}' },
    { name: "malformed JSON", headers: { "content-type": "application/json" }, body: '{"a":' },
    { name: "JSON array", headers: { "content-type": "application/json" }, body: "[1,2,3]" },
    { name: "JSON null", headers: { "content-type": "application/json" }, body: "null" },
    { name: "text/plain", headers: { "content-type": "text/plain" }, body: "intent=save&x=1" },
    { name: "no content type", headers: {}, body: "intent=save&email=a%40b.vn" },
    { name: "empty urlencoded", headers: { "content-type": "application/x-www-form-urlencoded" } },
    {
      name: "broken percent-encoding",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=%E0%A4%A&email=%ZZ&next=%00%0d%0a&password=%",
    },
    {
      name: "control and non-ASCII characters",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      body: new URLSearchParams({
        intent: "\u0000\u0007\u001b[31m",
        email: "ngườidùng@ví-dụ.vn\u202e",
        name: "\ud800",
        next: "/\t/evil.example",
        id: "9".repeat(400),
      }).toString(),
    },
    {
      name: "urlencoded declared as UTF-16",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-16" },
      body: "intent=save",
    },
    { name: "garbage content type", headers: { "content-type": ";;;==" }, body: "x" },
    {
      name: "multipart without boundary",
      headers: { "content-type": "multipart/form-data" },
      body: multipart(filePart),
    },
    {
      name: "multipart with another boundary",
      headers: { "content-type": "multipart/form-data; boundary=somethingElse" },
      body: `${multipart(filePart)}--${BOUNDARY}--\r\n`,
    },
    {
      name: "truncated multipart",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart(filePart).slice(0, 90),
    },
    {
      name: "multipart with a broken part header",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: `${multipart("Content-Disposition: form-data; name\r\n\r\nx\r\n")}--${BOUNDARY}--\r\n`,
    },
    {
      name: "multipart with a huge part header",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: `${multipart(`Content-Disposition: form-data; name="${"n".repeat(20_000)}"\r\n\r\nx\r\n`)}--${BOUNDARY}--\r\n`,
    },
    {
      name: "large urlencoded",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `intent=save&x=${"a".repeat(size.large)}`,
    },
    {
      name: "large JSON",
      headers: { "content-type": "application/json" },
      body: `{"intent":"save","x":"${"a".repeat(size.large)}"}`,
    },
    {
      name: "large text",
      headers: { "content-type": "text/plain" },
      body: "a".repeat(size.large),
    },
  ];
}

/** Query strings added to GET requests of every path. */
export const BAD_QUERIES: string[] = [
  "next=%00%0d%0aSet-Cookie:%20x=1",
  "next=/%09/evil.example/phish",
  "next=%E0%A4%A",
  "next=%F0%9F%98%80%ED%A0%80",
  "next=" + encodeURIComponent("/\u0000\u001f\u007f\u202e"),
  "next=//evil.example",
  "next=" + "%2F".repeat(3000),
  "year=-1e309&page=99999999999999999999999&q=%3Cscript%3E",
  "year=2025&year=2026&page=-1&page=x",
  "lang=%FF&lang=en",
  "page=1e400&sort=__proto__&status[]=1",
  "_routes=" + encodeURIComponent("root,vi:admin,../x"),
  "index&index=1&_data=root",
  "token=" + "%C0%AF".repeat(50),
  "id=../../etc/passwd&key=%2e%2e%2f",
];

/** Methods most routes do not take, some not HTTP at all. */
export const ODD_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "TRACE"];
