import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { returnPathFrom } from '../login/login-path.ts';

/** /redirect?path=…: hands over to the path (encoded like /login's), within this site only. */
export default function RedirectPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    navigate(returnPathFrom(search), { replace: true });
  }, [navigate, search]);
  return null;
}
