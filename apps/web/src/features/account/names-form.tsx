import { firstNameField, lastNameField } from '@furrow/domain/api/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { NameFields } from '../../components/ui/name-fields';
import { useToast } from '../../components/ui/use-toast';
import { authFailureMessage } from '../../lib/auth-errors';
import { useSession } from '../../lib/session';
import { accountApi } from './account-api';

const namesForm = z.object({ firstName: firstNameField, lastName: lastNameField });
type NamesForm = z.input<typeof namesForm>;

/** The names on the account, as farmers and shoppers see them on orders. */
export function NamesForm() {
  const session = useSession();
  const { toast } = useToast();
  const form = useForm<NamesForm>({
    resolver: zodResolver(namesForm),
    mode: 'onChange',
    defaultValues: {
      firstName: session.user?.firstName ?? '',
      lastName: session.user?.lastName ?? '',
    },
  });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: accountApi.updateMe,
    onSuccess: ({ message, user }) => {
      session.setUser(user);
      form.reset({ firstName: user.firstName, lastName: user.lastName });
      toast({ title: message });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'UPDATE_USER_FAILED'), variant: 'destructive' });
    },
  });

  return (
    <Form onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <NameFields
        first={{ ...form.register('firstName'), error: errors.firstName?.message }}
        last={{ ...form.register('lastName'), error: errors.lastName?.message }}
      />
      <Button
        type="submit"
        className="justify-self-start"
        disabled={!isDirty}
        loading={save.isPending}
      >
        Save names
      </Button>
    </Form>
  );
}
