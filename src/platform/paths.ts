/** Every tenant route lives under this path; the guard checks the token against `:company_id`. */
export const COMPANY_PATH = 'api/v1/companies/:company_id';
