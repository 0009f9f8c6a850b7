import { type ForgotBody, forgotBody } from '@furrow/domain/api/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { EmailField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { authFailureMessage } from '../../lib/auth-errors';
import { paths } from '../../lib/paths';
import { authApi } from './auth-api';

/** Asks for a reset link; the sign-in page follows (product rules: accounts and sign-in). */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const form = useForm<ForgotBody>({
    resolver: zodResolver(forgotBody),
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const forgot = useMutation({
    mutationFn: authApi.forgot,
    onSuccess: ({ message }, { email }) => {
      toast({ title: 'Check your e-mail', description: message });
      navigate(paths.login, { state: { email: email.trim().toLowerCase() } });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'FORGOT_FAILED'), variant: 'destructive' });
    },
  });

  return (
    <Form onSubmit={form.handleSubmit((body) => forgot.mutate(body))}>
      <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" size="lg" loading={forgot.isPending}>
        Send me a reset link
      </Button>
    </Form>
  );
}
