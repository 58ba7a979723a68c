import { useId } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { type UpdateUser, updateUserSchema } from "@shared/contracts/users";
import type { User } from "@shared/contracts/users";
import { authMessages } from "@shared/contracts/auth";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Field, TextareaField } from "@web/components/ui/form-field";
import { useAuth } from "@web/features/auth/use-auth";
import { errorMessage, routeKey } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";

const fields = updateUserSchema.shape;

/**
 * Edit Profile (spec §4): Display Name, Email and Bio, checked by the contract. Save updates the signed-in
 * member and refetches; a failure keeps the form open. Cancel puts the loaded values back.
 */
export function ProfileEditForm({ profile, onDone }: { profile: User; onDone: () => void }) {
  const { updateProfile } = useAuth();
  const queryClient = useQueryClient();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(updateUserSchema, {
    defaultValues: { displayName: profile.displayName, email: profile.email ?? "", bio: profile.bio ?? "" },
  });

  async function handleSave(changes: UpdateUser) {
    try {
      const saved = await updateProfile(changes);
      toast({ title: messages.profileUpdatedTitle, description: messages.profileUpdated });
      // Where the server sends email, a new address waits for the link sent to it.
      if (changes.email && saved.email && changes.email.toLowerCase() !== saved.email.toLowerCase()) {
        toast({ title: "Confirm Your New Email", description: authMessages.emailConfirmSent(changes.email) });
      }
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/users/:id", { params: { id: profile.id } }) });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/posts") });
      onDone();
    } catch (error) {
      toast({ title: messages.updateFailedTitle, description: errorMessage(error, messages.updateFailed), variant: "destructive" });
    }
  }

  const handleCancel = () => {
    reset();
    onDone();
  };

  return (
    <form onSubmit={handleSubmit(handleSave)} noValidate className="mt-4 grid w-full max-w-xl gap-4" aria-label="Edit profile">
      <Field
        id={`${id}-name`}
        label="Display Name"
        error={errors.displayName?.message}
        controlProps={{ autoComplete: "name", maxLength: maxLengthOf(fields.displayName), ...register("displayName") }}
      />
      <Field
        id={`${id}-email`}
        label="Email"
        error={errors.email?.message}
        controlProps={{ type: "email", autoComplete: "email", maxLength: maxLengthOf(fields.email), ...register("email") }}
      />
      <TextareaField
        id={`${id}-bio`}
        label="Bio"
        error={errors.bio?.message}
        controlProps={{ rows: 3, maxLength: maxLengthOf(fields.bio), ...register("bio") }}
      />
      <div className="flex gap-2">
        <Button type="button" variant="outline" onClick={handleCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
