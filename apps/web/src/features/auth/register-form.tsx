import {
  type RegisterForm as RegisterFormValues,
  type RegisterRole,
  registerForm,
} from '@furrow/domain/api/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type LucideIcon, ShoppingBasket, Tractor } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { NameFields } from '../../components/ui/name-fields';
import { NewPasswordFields } from '../../components/ui/password-field';
import { EmailField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { authFailureMessage } from '../../lib/auth-errors';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { authApi } from './auth-api';
import { savePendingVerification } from './pending-verification';

const roleChoices = [
  {
    role: 'customer',
    title: 'I shop for food',
    description: 'Buy from farms near you.',
    Icon: ShoppingBasket,
  },
  {
    role: 'farmer',
    title: 'I run a farm',
    description: 'Sell what you grow.',
    Icon: Tractor,
  },
] as const satisfies readonly {
  role: RegisterRole;
  title: string;
  description: string;
  Icon: LucideIcon;
}[];

/**
 * Sign-up as a customer or a farmer; the code screen follows (product rules: accounts and sign-in).
 */
export function RegisterForm({ initialRole = 'customer' }: { initialRole?: RegisterRole }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(registerForm),
    mode: 'onChange',
    defaultValues: {
      role: initialRole,
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;
  const chosenRole = form.watch('role');

  const register = useMutation({
    mutationFn: authApi.register,
    onSuccess: ({ token, message }, body) => {
      const email = body.email.trim().toLowerCase();
      savePendingVerification({ token, email });
      toast({ title: 'Check your e-mail', description: message });
      navigate(paths.otpVerify, { state: { token, email } });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'REGISTER_FAILED'), variant: 'destructive' });
    },
  });

  return (
    <Form
      onSubmit={form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
        register.mutate(body),
      )}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-ink text-sm">I am joining to</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {roleChoices.map(({ role, title, description, Icon }) => (
            <label
              key={role}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-harvest has-[:focus-visible]:outline-offset-2',
                chosenRole === role
                  ? 'border-leaf bg-leaf-soft text-leaf-ink'
                  : 'border-line-strong bg-surface hover:bg-sunken',
              )}
            >
              <input type="radio" value={role} className="sr-only" {...form.register('role')} />
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
              <span className="grid gap-0.5">
                <span className="font-semibold">{title}</span>
                <span className="text-ink-muted text-sm">{description}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.role && <p className="text-danger text-sm">{errors.role.message}</p>}
      </fieldset>

      <NameFields
        first={{ ...form.register('firstName'), error: errors.firstName?.message }}
        last={{ ...form.register('lastName'), error: errors.lastName?.message }}
      />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <NewPasswordFields
        label="Password"
        confirmLabel="Repeat the password"
        hint="8 to 128 characters. A few words strung together are easy to remember and hard to guess."
        password={{ ...form.register('password'), error: errors.password?.message }}
        confirm={{ ...form.register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button type="submit" size="lg" loading={register.isPending}>
        Create account
      </Button>
    </Form>
  );
}
