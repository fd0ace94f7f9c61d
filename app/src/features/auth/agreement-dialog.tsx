import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@shinian/ui";
import { TextSections } from "../pages/legal-page.tsx";
import { privacyPolicy } from "../pages/privacy-policy.tsx";
import { userAgreement } from "../pages/user-agreement.tsx";

export type AgreementName = "user-agreement" | "privacy-policy";

const documents = { "user-agreement": userAgreement, "privacy-policy": privacyPolicy };

/** 用户协议 / 隐私政策 over the register form, which stays as it was typed (loaded on first open). */
export default function AgreementDialog({ name, onClose }: { name: AgreementName; onClose: () => void }) {
  const doc = documents[name];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{doc.title}</DialogTitle>
          <DialogDescription>更新日期：{doc.updated}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-6 text-sm">
          <TextSections sections={doc.sections} />
        </div>
        <Button className="self-end max-lg:h-11" onClick={onClose}>
          我知道了
        </Button>
      </DialogContent>
    </Dialog>
  );
}
