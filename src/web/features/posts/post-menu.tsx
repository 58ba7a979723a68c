import type { ReactElement } from "react";
import { Flag, Trash2 } from "lucide-react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@web/components/ui/dropdown-menu";

export type PostMenuProps = {
  /** Shows "Report post". */
  onReport?: () => void;
  /** Shows "Delete post". */
  onDelete?: () => void;
};

/** A post's options once first used: Radix's menu, open (PostMenu in ./post-card.tsx). */
export function PostMenuDropdown({ onReport, onDelete, trigger }: PostMenuProps & { trigger: ReactElement }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {onReport ? (
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden="true" />
            Report post
          </DropdownMenuItem>
        ) : null}
        {onDelete ? (
          <DropdownMenuItem onSelect={onDelete} className="text-destructive">
            <Trash2 aria-hidden="true" />
            Delete post
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
