import { useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Camera } from "lucide-react";
import type { User } from "@shared/contracts/users";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { useAuth } from "@web/features/auth/use-auth";
import { postForm } from "@web/features/posts/use-posts";
import { errorMessage, routeKey } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

/** Change Photo on the own profile: uploads the chosen image at once (a file, so no text to validate). */
export function AvatarUpload({ profile }: { profile: User }) {
  const input = useRef<HTMLInputElement>(null);
  const { updateProfile } = useAuth();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.set("avatar", file);
      await postForm("POST /api/users/:id/avatar", form, { params: { id: profile.id } });
      // Replaces the signed-in member everywhere (sidebar, header) with the fresh record.
      await updateProfile({});
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/users/:id", { params: { id: profile.id } }) });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/posts") });
      toast({ title: "Photo Updated", description: "Your new profile photo is live." });
    } catch (error) {
      toast({ title: messages.updateFailedTitle, description: errorMessage(error, messages.updateFailed), variant: "destructive" });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label="Profile photo"
        onChange={(event) => void handleFile(event.target.files?.[0])}
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={uploading}>
        <Camera aria-hidden="true" />
        {uploading ? "Uploading..." : "Change Photo"}
      </Button>
    </>
  );
}
