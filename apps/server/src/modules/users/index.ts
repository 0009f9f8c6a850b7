export {
  confirmEmail,
  ensureCustomerProfile,
  findSessionAccount,
  insertAccount,
  recordSignIn,
  saveAdminAccount,
  setPassword,
} from './accounts';
export { usersRoutes } from './users.routes';
export {
  deleteUser,
  findUserByEmail,
  findUserById,
  getMe,
  toUserAnswer,
  type UserRow,
} from './users.service';
