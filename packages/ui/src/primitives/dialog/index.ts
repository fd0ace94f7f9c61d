export {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  type DialogContentSize,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  dialogContentVariants,
} from "./dialog";
