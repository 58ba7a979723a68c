import { Send } from "lucide-react";
import { type CreatePrayer, createPrayerSchema, prayerMessages } from "@shared/contracts/prayer";
import { Button } from "@web/components/ui/button";
import { TextareaField } from "@web/components/ui/form-field";
import { callRoute, routeKey, serverMessage } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";

/** Asking for prayer: the request, who sees it (the wall or only the care team), and whether the wall shows my name. */
export function PrayerForm() {
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(createPrayerSchema, { defaultValues: { content: "", visibility: "wall", anonymous: false } });
  const onWall = watch("visibility") === "wall";

  async function handleAsk(input: CreatePrayer) {
    try {
      const created = await callRoute("POST /api/prayer", { body: input });
      reset();
      if (created.status === "held") toast({ title: prayerMessages.heldTitle, description: prayerMessages.held });
      else if (created.visibility === "private")
        toast({ title: "Sent to the Care Team", description: "Only the care team will see your request." });
      else toast({ title: prayerMessages.publishedTitle, description: prayerMessages.published });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/prayer") });
    } catch (error) {
      toast({
        title: "Error",
        description: serverMessage(error, "Your request could not be sent. Please try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <form onSubmit={handleSubmit(handleAsk)} noValidate className="flex flex-col gap-4">
      <TextareaField
        id="prayer-content"
        label="Your prayer request"
        error={errors.content?.message}
        controlProps={{
          rows: 4,
          placeholder: "What would you like us to pray for?",
          maxLength: maxLengthOf(createPrayerSchema.shape.content),
          ...register("content"),
        }}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Who can see it</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="wall" className="size-4 accent-primary" {...register("visibility")} />
          The prayer wall (members of the church)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="private" className="size-4 accent-primary" {...register("visibility")} />
          Only the care team
        </label>
      </fieldset>
      {onWall ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...register("anonymous")} />
          Post anonymously (only the care team will know it is you)
        </label>
      ) : null}
      <Button type="submit" disabled={isSubmitting} className="self-start">
        <Send aria-hidden="true" />
        {isSubmitting ? "Sending..." : "Ask for Prayer"}
      </Button>
    </form>
  );
}
