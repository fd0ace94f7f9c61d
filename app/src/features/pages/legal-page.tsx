import { Card, CardContent, CardHeader } from "@shinian/ui";
import { PublicShell } from "../layout/public-shell.tsx";

export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalDocument = { title: string; updated: string; sections: LegalSection[] };

/** A text page's sections: the legal documents (on their page and in the register form's dialog) and 用户指南. */
export function TextSections({ sections }: { sections: LegalSection[] }) {
  return sections.map((section) => (
    <section key={section.heading} className="flex flex-col gap-2">
      <h2 className="font-semibold text-base">{section.heading}</h2>
      {section.paragraphs.map((text) => (
        <p key={text} className="text-foreground/90">
          {text}
        </p>
      ))}
    </section>
  ));
}

/** A public text page (user agreement, privacy policy): readable without logging in. */
export function LegalPage({ title, updated, sections }: LegalDocument) {
  return (
    <PublicShell>
      <main className="mx-auto max-w-3xl px-6 pb-16">
        <Card>
          <CardHeader>
            <h1 className="font-semibold text-2xl">{title}</h1>
            <p className="text-muted-foreground text-sm">更新日期：{updated}</p>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <TextSections sections={sections} />
          </CardContent>
        </Card>
      </main>
    </PublicShell>
  );
}
