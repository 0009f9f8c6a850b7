import { firstNameField, lastNameField } from '@furrow/domain/api/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { NameFields } from '../../components/ui/name-fields';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { afterSignIn } from '../../lib/after-sign-in';
import { authFailureMessage } from '../../lib/auth-errors';
import { useSession } from '../../lib/session';
import { accountApi } from './account-api';

const setupForm = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  place: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .refine((place) => place === '' || place.length >= 3, 'Enter a ZIP code or a city'),
});
type SetupForm = z.input<typeof setupForm>;

/** After a first Google sign-in: the names to use, and where the customer shops from. */
export function ProfileSetupForm() {
  const session = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupForm),
    mode: 'onChange',
    defaultValues: {
      firstName: session.user?.firstName ?? '',
      lastName: session.user?.lastName ?? '',
      place: '',
    },
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: accountApi.setUpProfile,
    onSuccess: ({ message, user }) => {
      session.setUser(user);
      toast({ title: message, description: `Welcome to Furrow, ${user.firstName}.` });
      navigate(afterSignIn(user.role), { replace: true });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'UPDATE_USER_FAILED'), variant: 'destructive' });
    },
  });

  return (
    <Form
      onSubmit={form.handleSubmit(({ firstName, lastName, place }) =>
        save.mutate({
          firstName,
          lastName,
          location: place.trim() ? { place: place.trim() } : null,
        }),
      )}
    >
      <NameFields
        first={{ ...form.register('firstName'), error: errors.firstName?.message }}
        last={{ ...form.register('lastName'), error: errors.lastName?.message }}
      />
      <TextField
        label="Where do you shop from? (optional)"
        autoComplete="postal-code"
        placeholder="97201 or Portland, OR"
        hint="A US ZIP code, or a city and state. We use it to show farms near you first."
        error={errors.place?.message}
        {...form.register('place')}
      />
      <Button type="submit" size="lg" loading={save.isPending}>
        Save and start shopping
      </Button>
    </Form>
  );
}
