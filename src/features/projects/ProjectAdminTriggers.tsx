import { Button, type ButtonProps } from "@chakra-ui/react";
import { LuPencil, LuTrash2 } from "react-icons/lu";

/**
 * The buttons that open Edit project and Delete project. Their dialogs' code loads only for
 * administrators (ProjectDetail.tsx); until it has, the same buttons hold their place, disabled,
 * so that View tasks beside them does not move when they arrive (it did, on every hydration).
 */
export function EditProjectTrigger(props: ButtonProps) {
  return (
    <Button variant="outline" size="sm" {...props}>
      <LuPencil aria-hidden="true" />
      Edit project
    </Button>
  );
}

export function DeleteProjectTrigger(props: ButtonProps) {
  return (
    <Button variant="outline" size="sm" colorPalette="red" {...props}>
      <LuTrash2 aria-hidden="true" />
      Delete project
    </Button>
  );
}
