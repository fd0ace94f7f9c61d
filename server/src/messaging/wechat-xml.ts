import { Parser } from "htmlparser2";

/**
 * WeChat's messages are one flat `<xml>` of fields, each text or CDATA
 * (https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Receiving_standard_messages.html).
 * Read with htmlparser2 (already a dependency, for imports) in XML mode: it never loads a DTD or
 * expands an entity other than the five predefined ones and numeric references, so an XXE or a
 * billion-laughs body is plain text to it. Only the root's direct children are kept; deeper ones
 * (some events nest) are skipped, and a repeated field keeps its first value.
 */
export function parseWechatXml(xml: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  const path: string[] = [];
  let text = "";
  let rootSeen = false;
  let ok = true;
  const parser = new Parser(
    {
      onopentag(name) {
        if (path.length === 0) {
          if (rootSeen || name !== "xml") ok = false;
          rootSeen = true;
        }
        path.push(name);
        if (path.length === 2) text = "";
      },
      ontext(data) {
        if (path.length === 2) text += data;
      },
      onclosetag(name) {
        if (path.length === 2 && !(name in fields)) fields[name] = text;
        path.pop();
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(xml);
  parser.end();
  return ok && rootSeen && path.length === 0 ? fields : null;
}

const cdata = (value: string) => `<![CDATA[${value.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

/** A reply as WeChat takes it: each field in CDATA (numbers as they are). */
export function toWechatXml(fields: Record<string, string | number>): string {
  const inner = Object.entries(fields)
    .map(([k, v]) => `<${k}>${typeof v === "number" ? v : cdata(v)}</${k}>`)
    .join("");
  return `<xml>${inner}</xml>`;
}
