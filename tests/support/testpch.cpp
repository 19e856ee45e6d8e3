// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The owner of the tests' precompiled header (tests/support/testpch.h): a program that does
// nothing, compiled with the flags every test program has, so they can reuse what it precompiles.
int main()
{
    return 0;
}
